import { setupI18n, type Messages } from '@lingui/core';
import { INTL_LOCALE, isLanguage, type Language } from '../languages.ts';
import { en, hi } from './compiled.ts';
import type { messages as english } from './en.ts';

/**
 * The booking e-mails in the guest's language (docs/product.md#e-mails): the language the booking
 * was made in, through Lingui's runtime and the compiled catalogue (./compiled.ts, from
 * `npm run i18n`). A message's id is its English (./en.ts); Hindi's are in ./hi.ts.
 */
export type MailMessageId = (typeof english)[number];
export type MailValues = Record<string, string | number>;

/** How one e-mail speaks: its language, the Intl locale of its dates, times and numbers, and its messages. */
export type MailWords = { language: Language; locale: string; say: (id: MailMessageId, values?: MailValues) => string };

const catalogues: Record<Language, Messages> = { en, hi };
const made = new Map<Language, MailWords>();

/** The words of `language` (a booking's `language`); anything else, or none, is English. */
export function mailWords(language?: unknown): MailWords {
  const chosen: Language = isLanguage(language) ? language : 'en';
  let words = made.get(chosen);
  if (!words) {
    // An English message with nothing to fill in is its own text, so English's catalogue holds only the others.
    const i18n = setupI18n({ locale: chosen, locales: [INTL_LOCALE[chosen]], messages: { [chosen]: catalogues[chosen] }, missing: (_locale, id) => id });
    words = { language: chosen, locale: INTL_LOCALE[chosen], say: (id, values) => i18n._(id, values) };
    made.set(chosen, words);
  }
  return words;
}
