import { setupI18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { messages as site } from './compiled/en/site';
import { INTL_LOCALE, isLocale, SOURCE_LOCALE, type Locale } from './locales';
import type { messages as accountSource } from './source/en/account';
import type { messages as bookingSource } from './source/en/booking';
import type { messages as calendarSource } from './source/en/calendar';
import type { messages as manageSource } from './source/en/manage';
import type { messages as noticesSource } from './source/en/notices';
import type { messages as siteSource } from './source/en/site';

/**
 * The guest site's messages (docs/product.md#languages), through Lingui's runtime: compiled ICU
 * messages (web/src/i18n/compiled, from `npm run i18n`), plurals by the language's rules, and Intl's
 * Indian formats. A message's id is its English (web/src/i18n/source/en): English ships only the
 * messages that need compiling, with the first screen; another language's messages are a chunk of
 * their own, fetched when a guest chooses it.
 */
export type MessageId =
  | (typeof siteSource)[number]
  | (typeof accountSource)[number]
  | (typeof bookingSource)[number]
  | (typeof calendarSource)[number]
  | (typeof manageSource)[number]
  | (typeof noticesSource)[number];
export type MessageValues = Record<string, string | number>;

export const i18n = setupI18n({
  locale: SOURCE_LOCALE,
  locales: [INTL_LOCALE[SOURCE_LOCALE]],
  messages: { [SOURCE_LOCALE]: site },
  // An English message with nothing to fill in is its own text; so is a message no catalogue has
  // (an API's English the site does not know), which is shown as it came.
  missing: (_locale, id) => id,
});

/**
 * Adds an area's compiled English (web/src/i18n/compiled/en/<area>.ts): called by the module that
 * loads with the code showing the area (web/src/i18n/english), so a later step's English is in its chunk.
 */
export function addEnglish(messages: Messages): void {
  i18n.load(SOURCE_LOCALE, messages);
}

/** A message in the current language. */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

/** Text from elsewhere (the API's English) in the current language if a catalogue has it, else as it is. */
export const translateKnown = (text: string): string => i18n._(text);

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

/** The Intl tag dates and numbers are written in: 'en-IN' or 'hi-IN'. */
export const intlLocale = (): string => INTL_LOCALE[currentLocale()];

const subscribe = (listener: () => void) => i18n.on('change', listener);

/** The current language; a component that calls it renders again when the guest changes it. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

/** `t`, for a component: it renders again in the new language when the guest changes it. */
export function useT(): typeof t {
  useLocale();
  return t;
}

export const LOCALE_KEY = 'forestResort_locale';

/** The language this browser chose last, if it chose one. */
function chosenLocale(): Locale | undefined {
  try {
    const saved = localStorage.getItem(LOCALE_KEY);
    return isLocale(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a guest has chosen a language on this browser. */
export const hasChosenLocale = (): boolean => chosenLocale() !== undefined;

/** The language this browser chose last, or English. */
export const savedLocale = (): Locale => chosenLocale() ?? SOURCE_LOCALE;

/** An English message with values (the API's or the site's own), the message it is, and the names of its values in order. */
export type MessagePattern = readonly [RegExp, MessageId, readonly string[]];

type Translation = { messages: Messages; patterns: readonly MessagePattern[]; wordQuoteLine: (item: unknown) => string | undefined };
const translations: Record<Exclude<Locale, typeof SOURCE_LOCALE>, () => Promise<Translation>> = {
  hi: () => import('./languages/hi'),
};
const patterns = new Map<Locale, readonly MessagePattern[]>();
const quoteWordings = new Map<Locale, Translation['wordQuoteLine']>();
const loaded = new Set<Locale>([SOURCE_LOCALE]);
let latest = 0;

/**
 * Switches the site to `locale` once its messages are in (fetched on first use), sets `<html
 * lang>`, and keeps the choice for the next visit. Of two quick choices the last one wins.
 */
export async function setLocale(locale: Locale, { keep = true }: { keep?: boolean } = {}): Promise<void> {
  const request = ++latest;
  if (locale !== SOURCE_LOCALE && !loaded.has(locale)) {
    const translation = await translations[locale]();
    i18n.load(locale, translation.messages);
    patterns.set(locale, translation.patterns);
    quoteWordings.set(locale, translation.wordQuoteLine);
    loaded.add(locale);
  }
  if (request !== latest) return;
  if (keep) {
    try {
      localStorage.setItem(LOCALE_KEY, locale);
    } catch (error) {
      console.warn('Could not keep the language', error);
    }
  }
  document.documentElement.lang = INTL_LOCALE[locale];
  if (locale !== i18n.locale) i18n.activate(locale, [INTL_LOCALE[locale]]);
}

/**
 * A rule's or an answer's English (the API's, or the site's own check's) in the current language.
 * The booking's rules are shared with the API, which answers in English (docs/product.md#stay-rules):
 * a message is its own id in the catalogues; one with values in it (a villa's name, a capacity) is
 * found by its pattern, which comes with the language (English needs none: the message is already
 * English). A message no catalogue knows (a newer server's) is shown as it came.
 */
export function localizeMessage(message: string): string {
  for (const [pattern, id, names] of patterns.get(currentLocale()) ?? []) {
    const match = pattern.exec(message);
    // A value the catalogues know (a field's label) is shown in the guest's language too.
    if (match) return t(id, Object.fromEntries(names.map((name, index) => [name, translateKnown(match[index + 1] ?? '')])));
  }
  return translateKnown(message);
}

/**
 * A quote line (the API's, or a stored booking's) in the current language: English is its label;
 * another language words what the line is, when the line says (a booking stored before lines
 * carried it, or a kind this site does not know, keeps its English).
 */
export function localizeQuoteLine(line: { label: string; item?: unknown }): string {
  return quoteWordings.get(currentLocale())?.(line.item) ?? line.label;
}
