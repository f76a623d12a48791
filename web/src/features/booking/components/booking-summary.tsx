import { PriceBreakdown } from '@/components/price-breakdown';
import { countOf, formatDateWithWeekday } from '@/lib/format';
import { useT } from '@/i18n/i18n';
import type { StayQuote } from '../api/schemas';
import { useStayKindName } from '../hooks/use-stay-kind-name';
import type { Draft } from '../model/draft';

/** Step 4's summary: the stay as chosen, and the server's full quote for it (or why it is missing). */
export function BookingSummary({ draft, quote, isError, onRetry }: { draft: Draft; quote: StayQuote | undefined; isError: boolean; onRetry: () => void }) {
  const villa = useStayKindName(draft.cottage);
  const t = useT();
  return (
    <section className="panel" aria-labelledby="summary-heading">
      <h3 id="summary-heading" className="panel__title">
        {t('Booking summary')}
      </h3>
      <ul className="stay-facts stay-facts--inline">
        <li>{villa}</li>
        <li>
          {formatDateWithWeekday(draft.checkIn)} – {formatDateWithWeekday(draft.checkOut)}
        </li>
        <li>
          {t('{count, plural, one {# adult} other {# adults}}', { count: draft.adults })}
          {draft.children > 0 ? `, ${t('{count, plural, one {# child} other {# children}}', { count: draft.children })}` : ''} · {countOf('rooms', draft.rooms)}
        </li>
        {draft.packageDetails && <li>{draft.packageDetails.name}</li>}
      </ul>
      {quote ? (
        <PriceBreakdown lines={quote.lines} total={quote.total} withNote testId="final-quote" />
      ) : isError ? (
        <div className="banner banner--error" role="alert">
          <p>{t('The price could not be loaded. Please try again.')}</p>
          <button type="button" className="button button--small" onClick={onRetry}>
            {t('Retry')}
          </button>
        </div>
      ) : (
        <div className="skeleton skeleton--breakdown" role="status" aria-label={t('Loading the price')} />
      )}
    </section>
  );
}
