import { INTL_LOCALE, isLanguage, LANGUAGES, type Language } from '@shared/languages';

/**
 * The guest site's languages (docs/product.md#languages), shared with the e-mails
 * (shared/languages.ts). English is the source and is in the first load; Hindi's messages are a
 * chunk of their own, fetched when a guest chooses it.
 */
export const LOCALES = LANGUAGES;
export type Locale = Language;
export { INTL_LOCALE };

export const SOURCE_LOCALE = 'en' satisfies Locale;

/** Each language named in itself, as the selector offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export const isLocale = isLanguage;
