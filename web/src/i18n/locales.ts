/**
 * The guest site's languages (docs/product.md#languages). English is the source and is in the first
 * load; Hindi's messages are a chunk of their own, fetched when a guest chooses it. Dates and numbers
 * are written with Intl's Indian formats of each language.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE = 'en' satisfies Locale;

/** The Intl (and `<html lang>`) tag of each language. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Each language named in itself, as the selector offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
