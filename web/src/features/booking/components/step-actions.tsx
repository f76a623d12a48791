import type { ReactNode } from 'react';
import { t } from '@/i18n/i18n';
import type { StayQuote } from '../api/schemas';
import { StaySummaryBar } from './stay-summary';

/**
 * A primary action's label whose first words (`keep`) are all a phone shows, so the bar keeps to one
 * line; the rest is still read out (it stays in the button's accessible name) and shows on wider screens.
 */
export function ActionLabel({ keep, rest }: { keep: string; rest: string }) {
  return (
    <>
      {keep} <span className="step-actions__more">{rest}</span>
    </>
  );
}

/**
 * The step's Back and primary buttons. On a phone this bar sticks to the bottom of the screen with
 * the running total, so the price and the next move stay under the thumb.
 */
export function StepActions({
  onBack,
  backLabel,
  children,
  quote,
  updating = false,
}: {
  onBack?: () => void;
  backLabel?: string;
  children: ReactNode;
  quote: StayQuote | undefined;
  updating?: boolean;
}) {
  return (
    <div className="step-actions">
      <StaySummaryBar quote={quote} updating={updating} />
      <div className="step-actions__buttons">
        {onBack && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {backLabel ?? t('Back')}
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
