import { formatInr } from '@shared/money';
import { localizeQuoteLine, useT } from '@/i18n/i18n';
import { PriceNote } from './price-note';
import './price-breakdown.css';

/**
 * A price as the server broke it down: one row per line, in the guest's language, then the total
 * (with its approximate conversion when `withNote`). The quote in the wizard and a stored booking's breakdown share it.
 */
export function PriceBreakdown({
  lines,
  total,
  withNote = false,
  testId,
}: {
  lines: ReadonlyArray<{ label: string; amount: number; item?: unknown }>;
  total: number;
  withNote?: boolean;
  testId?: string;
}) {
  const t = useT();
  return (
    <dl className="breakdown" {...(testId ? { 'data-testid': testId } : {})}>
      {lines.map((line, index) => (
        <div className="breakdown__row" key={`${index}-${line.label}`}>
          <dt>{localizeQuoteLine(line)}</dt>
          <dd>{formatInr(line.amount)}</dd>
        </div>
      ))}
      <div className="breakdown__row breakdown__row--total">
        <dt>{t('Total')}</dt>
        <dd>
          {formatInr(total)}
          {withNote && <PriceNote rupees={total} />}
        </dd>
      </div>
    </dl>
  );
}
