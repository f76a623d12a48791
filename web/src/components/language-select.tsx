import { useId } from 'react';
import { setLocale, useLocale, useT } from '@/i18n/i18n';
import { isLocale, LOCALE_NAMES, LOCALES } from '@/i18n/locales';

/**
 * The header's language: English or Hindi, each named in itself. Hindi's messages are fetched on
 * the first choice; the choice is kept for the next visit (docs/product.md#languages).
 */
export function LanguageSelect() {
  const locale = useLocale();
  const t = useT();
  const id = useId();
  return (
    <div className="language-select">
      <label className="visually-hidden" htmlFor={id}>
        {t('Language')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value).catch((error: unknown) => console.warn('Could not change the language', error));
        }}
        data-testid="language-select"
      >
        {LOCALES.map((choice) => (
          <option key={choice} value={choice} lang={choice}>
            {LOCALE_NAMES[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}
