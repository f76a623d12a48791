import { useId } from 'react';
import { CHARGED_CURRENCY } from '@shared/display-currency';
import { useT } from '@/i18n/i18n';
import { setDisplayCurrency, useDisplayCurrency } from '@/lib/display-currency';
import './price-note.css';

const symbols: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£' };

/**
 * The header's currency selector: INR (what is charged) and the stage's display currencies. A
 * choice adds 'approx. $596' beside rupee amounts and is kept for the next visit. Always the same
 * width, so the rates arriving after the first paint shift nothing.
 */
export function CurrencySelect() {
  const { code, choices } = useDisplayCurrency();
  const id = useId();
  const t = useT();
  return (
    <div className="currency-select">
      <label className="visually-hidden" htmlFor={id}>
        {t('Show prices also in')}
      </label>
      <select
        id={id}
        value={code}
        title={code === CHARGED_CURRENCY ? t('Prices in Indian rupees') : t('Approximate prices in {code}; you pay in Indian rupees', { code })}
        onChange={(event) => setDisplayCurrency(event.target.value)}
        data-testid="currency-select"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {symbols[choice] ? `${symbols[choice]} ${choice}` : choice}
          </option>
        ))}
      </select>
    </div>
  );
}
