/**
 * The languages a guest can choose (docs/product.md#languages): the site's, and the e-mails' a
 * booking made in it. English is the source. Dates and numbers use Intl's Indian format of each.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The Intl (and `<html lang>`) tag of each language. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
