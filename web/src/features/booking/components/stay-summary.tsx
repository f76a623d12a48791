import { useId, useState } from 'react';
import { formatInr } from '@shared/money';
import { PriceBreakdown } from '@/components/price-breakdown';
import { PriceNote } from '@/components/price-note';
import type { StayQuote } from '../api/schemas';
import { partySize, type Draft } from '../model/draft';
import { useT } from '@/i18n/i18n';
import { countOf, formatShortDate } from '@/lib/format';
import { useStayKindName } from '../hooks/use-stay-kind-name';

function Breakdown({ quote }: { quote: StayQuote }) {
  return <PriceBreakdown lines={quote.lines} total={quote.total} withNote />;
}

function StayFacts({ draft }: { draft: Draft }) {
  const villa = useStayKindName(draft.cottage);
  const guests = partySize(draft);
  const t = useT();
  return (
    <ul className="stay-facts">
      <li>{villa ?? t('No villa chosen yet')}</li>
      <li>{draft.checkIn && draft.checkOut ? `${formatShortDate(draft.checkIn)} – ${formatShortDate(draft.checkOut)}` : t('Dates not chosen yet')}</li>
      <li>
        {countOf('guests', guests)} · {countOf('rooms', draft.rooms)}
      </li>
      {draft.packageDetails && <li>{draft.packageDetails.name}</li>}
      {draft.safaris.length > 0 && <li>{countOf('safaris', draft.safaris.length)}</li>}
    </ul>
  );
}

/** The stay and its running total from the server's quote: a side card on wide screens. */
export function StaySummaryCard({ draft, quote, updating }: { draft: Draft; quote: StayQuote | undefined; updating: boolean }) {
  const t = useT();
  return (
    <aside className="summary-card" aria-label={t('Your stay')} aria-busy={updating}>
      <h2 className="summary-card__title">{t('Your stay')}</h2>
      <StayFacts draft={draft} />
      {quote ? <Breakdown quote={quote} /> : <p className="muted">{t('Check availability to see the price of your stay.')}</p>}
    </aside>
  );
}

/** The same total on a phone: one line in the sticky bar; tapping it opens the breakdown. */
export function StaySummaryBar({ quote, updating }: { quote: StayQuote | undefined; updating: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const t = useT();
  if (!quote) return null;
  return (
    <div className="summary-bar">
      {open && (
        <div id={panelId} className="summary-bar__panel">
          <Breakdown quote={quote} />
        </div>
      )}
      <button type="button" className="summary-bar__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="summary-bar__total" aria-busy={updating}>
          {formatInr(quote.total)}
          <PriceNote rupees={quote.total} />
        </span>
        <span className="summary-bar__meta">
          <span className="summary-bar__nights">{countOf('nights', quote.nights)} · </span>
          {open ? t('Hide details') : t('Price details')}
        </span>
      </button>
    </div>
  );
}
