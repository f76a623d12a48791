import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { packageGuestProblem, packageMessages } from '@shared/booking';
import { formatInr } from '@shared/money';
import { nightsBetween } from '@shared/stay';
import { PriceNote } from '@/components/price-note';
import { includedSafaris, packageBasePrice } from '@shared/quote';
import { usePackages } from '../api/get-packages';
import { getStayQuoteQueryOptions } from '../api/get-stay-quote';
import type { StayPackageOption, StayQuote } from '../api/schemas';
import { useWizard } from '../hooks/wizard-context';
import { quoteRequestOf } from '../hooks/use-running-quote';
import { partySize, type Draft } from '../model/draft';
import { countOf, formatShortDate } from '@/lib/format';
import { localizeMessage, type MessageId, useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { ActionLabel, StepActions } from './step-actions';
import { StepHeading } from './step-heading';
import './offer-cards.css';
import './step-packages.css';

const sorts = ['Recommended', 'Price Low to High', 'Price High to Low', 'Most Popular'] as const satisfies readonly MessageId[];
type Sort = (typeof sorts)[number];
const filters = [
  { label: 'All Packages', category: undefined },
  { label: 'Romantic', category: 'romance' },
  { label: 'Adventure', category: 'adventure' },
  { label: 'Family', category: 'family' },
  { label: 'Luxury', category: 'luxury' },
] as const satisfies readonly { label: MessageId; category: string | undefined }[];
type Filter = (typeof filters)[number]['label'];

/** A package is 'Popular' when its multiplier is above 1.3 (docs/product.md#step-2-packages). */
const isPopular = (stayPackage: StayPackageOption) => stayPackage.price_multiplier > 1.3;

/** The guests, nights, arrival and departure of the stay, with the way back to change them. */
export function StaySummaryStrip({ draft, onEdit }: { draft: Draft; onEdit: () => void }) {
  const nights = draft.availability?.priceBreakdown.nights ?? 0;
  const t = useT();
  return (
    <div className="summary-strip" aria-label={t('Your stay')}>
      <dl>
        <div>
          <dt>{t('Guests')}</dt>
          <dd>{partySize(draft)}</dd>
        </div>
        <div>
          <dt>{t('Nights')}</dt>
          <dd>{nights}</dd>
        </div>
        <div>
          <dt>{t('Arrival')}</dt>
          <dd>{formatShortDate(draft.checkIn)}</dd>
        </div>
        <div>
          <dt>{t('Departure')}</dt>
          <dd>{formatShortDate(draft.checkOut)}</dd>
        </div>
      </dl>
      <button type="button" className="button button--ghost button--small" onClick={onEdit}>
        {t('Edit Dates')}
      </button>
    </div>
  );
}

type CardProps = {
  stayPackage: StayPackageOption;
  /** The guest's nights: the card says the package for this stay, not the package's nominal length. */
  nights: number;
  quote: StayQuote | undefined;
  quoteFailed: boolean;
  problem: string | undefined;
  selected: boolean;
  onReserve: () => void;
};

function PackageCard({ stayPackage, nights, quote, quoteFailed, problem, selected, onReserve }: CardProps) {
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  const price = quote?.package;
  const included = includedSafaris(stayPackage);
  const t = useT();
  // The stay's length as packages name theirs: '3 Days / 2 Nights'.
  const stayLength = t('{days, plural, one {# Day} other {# Days}} / {nights, plural, one {# Night} other {# Nights}}', { days: nights + 1, nights });
  const range = stayPackage.min_guests === stayPackage.max_guests ? String(stayPackage.min_guests) : `${stayPackage.min_guests}-${stayPackage.max_guests}`;
  return (
    <article
      className={`package-card${selected ? ' package-card--selected' : ''}${problem ? ' package-card--unavailable' : ''}`}
      aria-labelledby={`package-${stayPackage.id}`}
      data-testid="package-card"
    >
      <div className="package-card__head">
        <h3 id={`package-${stayPackage.id}`}>{stayPackage.name}</h3>
        {isPopular(stayPackage) && <span className="badge badge--gold">{t('Popular')}</span>}
      </div>
      <p className="package-card__meta">
        {nights > 0 ? stayLength : stayPackage.duration} · {t('{range} guests', { range })}
        {included > 0 ? ` · ${t('{count, plural, one {# safari} other {# safaris}} included', { count: included })}` : ''}
      </p>
      <p>{stayPackage.description}</p>
      <ul className="package-card__includes">
        {stayPackage.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {problem ? (
        <p className="package-card__problem">{localizeMessage(problem)}</p>
      ) : (
        <div className="package-card__price">
          {price ? (
            <>
              <strong>{formatInr(price.amount)}</strong>
              <span className="muted"> {t('for your stay')}</span>
              <PriceNote rupees={price.amount} />
            </>
          ) : quoteFailed ? (
            <span className="muted">{t('Price unavailable right now')}</span>
          ) : (
            <span className="skeleton skeleton--price" aria-label={t('Loading the price')} role="status" />
          )}
        </div>
      )}
      {price && !problem && (
        <button type="button" className="link-button" aria-expanded={open} aria-controls={breakdownId} onClick={() => setOpen(!open)}>
          {open ? t('Hide Price Breakdown') : t('Show Price Breakdown')}
        </button>
      )}
      {open && price && quote && (
        <dl className="breakdown" id={breakdownId}>
          <div className="breakdown__row">
            <dt>{t('Package base price')}</dt>
            <dd>{formatInr(price.basePrice)}</dd>
          </div>
          <div className="breakdown__row">
            <dt>{t('For {guests}, {nights}', { guests: countOf('guests', quote.guests), nights: countOf('nights', quote.nights) })}</dt>
            <dd>{formatInr(price.amount + price.discount - price.basePrice)}</dd>
          </div>
          {price.discount > 0 && (
            <div className="breakdown__row">
              <dt>{t('Discount')}</dt>
              <dd>−{formatInr(price.discount)}</dd>
            </div>
          )}
          <div className="breakdown__row">
            <dt>{t('Package price')}</dt>
            <dd>{formatInr(price.amount)}</dd>
          </div>
          <div className="breakdown__row breakdown__row--total">
            <dt>{t('Stay total with this package, GST and fee')}</dt>
            <dd>
              {formatInr(quote.total)}
              <PriceNote rupees={quote.total} />
            </dd>
          </div>
        </dl>
      )}
      <button
        type="button"
        className={`button ${selected ? 'button--selected' : 'button--secondary'}`}
        disabled={Boolean(problem)}
        aria-pressed={selected}
        onClick={onReserve}
      >
        {selected ? t('✓ Reserved') : t('Reserve This Package')}
      </button>
    </article>
  );
}

/** Step 2: the packages, priced by the server for this stay, sorted and filtered; those outside the party dimmed. */
export default function StepPackages({ quote }: { quote: StayQuote | undefined }) {
  const { draft, update, goTo } = useWizard();
  const packages = usePackages();
  const t = useT();
  const [sort, setSort] = useState<Sort>('Recommended');
  const [filter, setFilter] = useState<Filter>('All Packages');
  const [showRequired, setShowRequired] = useState(0);
  useEffect(() => {
    if (showRequired > 0) document.getElementById('package-required')?.focus();
  }, [showRequired]);
  const guests = partySize(draft);
  const base = quoteRequestOf(draft, { packageId: null });

  const list = packages.data ?? [];
  const problems = new Map(list.map((stayPackage) => [stayPackage.id, packageGuestProblem(stayPackage, guests)]));
  const quotes = useQueries({
    queries: list.map((stayPackage) => ({
      ...getStayQuoteQueryOptions({
        ...(base ?? { cottageType: '', checkIn: '', checkOut: '', adults: 1, children: 0, rooms: 1, selectedSafaris: [] }),
        packageId: stayPackage.id,
      }),
      enabled: base !== undefined && !problems.get(stayPackage.id),
    })),
  });
  const quoteOf = new Map(list.map((stayPackage, index) => [stayPackage.id, quotes[index]]));
  const priceOf = (stayPackage: StayPackageOption) => quoteOf.get(stayPackage.id)?.data?.package?.amount ?? packageBasePrice(stayPackage.price_multiplier);

  const category = filters.find((entry) => entry.label === filter)?.category;
  const shown = list
    .filter((stayPackage) => category === undefined || stayPackage.category === category)
    .map((stayPackage, order) => ({ stayPackage, order }))
    .sort((a, b) => {
      if (sort === 'Price Low to High') return priceOf(a.stayPackage) - priceOf(b.stayPackage);
      if (sort === 'Price High to Low') return priceOf(b.stayPackage) - priceOf(a.stayPackage);
      if (sort === 'Most Popular')
        return Number(isPopular(b.stayPackage)) - Number(isPopular(a.stayPackage)) || b.stayPackage.price_multiplier - a.stayPackage.price_multiplier;
      return a.order - b.order;
    })
    .map(({ stayPackage }) => stayPackage);
  const noneFit = list.length > 0 && list.every((stayPackage) => problems.get(stayPackage.id));

  function reserve(stayPackage: StayPackageOption) {
    setShowRequired(0);
    update((current) => ({
      ...current,
      packageId: stayPackage.id,
      packageDetails: {
        id: stayPackage.id,
        name: stayPackage.name,
        min_guests: stayPackage.min_guests,
        max_guests: stayPackage.max_guests,
        includes_safari: stayPackage.includes_safari,
        max_safaris: stayPackage.max_safaris,
      },
      packagePrice: quoteOf.get(stayPackage.id)?.data?.package?.amount,
    }));
  }

  function proceed() {
    if (!draft.packageId || problems.get(draft.packageId)) {
      setShowRequired((count) => count + 1);
      return;
    }
    goTo(3);
  }

  return (
    <div className="step step--packages">
      <StepHeading description={t('Every price is for your whole stay, worked out by the resort for your dates and party.')}>
        {t('Choose your package')}
      </StepHeading>
      <StaySummaryStrip draft={draft} onEdit={() => goTo(1)} />

      <div className="toolbar">
        <div className="field field--inline">
          <label className="field__label" htmlFor="package-sort">
            {t('Sort by')}
          </label>
          <select id="package-sort" value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
            {sorts.map((option) => (
              <option key={option} value={option}>
                {t(option)}
              </option>
            ))}
          </select>
        </div>
        <div className="chips" role="group" aria-label={t('Filter by category')}>
          {filters.map((entry) => (
            <button
              key={entry.label}
              type="button"
              className={`chip${filter === entry.label ? ' chip--active' : ''}`}
              aria-pressed={filter === entry.label}
              onClick={() => setFilter(entry.label)}
            >
              {t(entry.label)}
            </button>
          ))}
        </div>
      </div>

      {packages.isPending && (
        <div className="package-grid" role="status" aria-label={t('Loading packages')}>
          <div className="skeleton package-skeleton" />
          <div className="skeleton package-skeleton" />
        </div>
      )}
      {packages.isError && (
        <div className="banner banner--error" role="alert">
          <p>{t('Unable to load packages. Please try again.')}</p>
          <button type="button" className="button button--small" onClick={() => void packages.refetch()}>
            {t('Retry')}
          </button>
        </div>
      )}
      {noneFit && (
        <div className="banner banner--warning" role="alert">
          {t('No packages available for {guests} guests. Please adjust your guest count or contact us for custom packages.', { guests })}
        </div>
      )}
      {packages.data && shown.length === 0 && <p className="empty">{t('No {filter} packages at the moment.', { filter: t(filter) })}</p>}
      <div className="package-grid">
        {shown.map((stayPackage) => (
          <PackageCard
            key={stayPackage.id}
            stayPackage={stayPackage}
            nights={draft.checkIn && draft.checkOut ? nightsBetween(draft.checkIn, draft.checkOut) : 0}
            quote={quoteOf.get(stayPackage.id)?.data}
            quoteFailed={quoteOf.get(stayPackage.id)?.isError ?? false}
            problem={problems.get(stayPackage.id)}
            selected={draft.packageId === stayPackage.id}
            onReserve={() => reserve(stayPackage)}
          />
        ))}
      </div>

      {showRequired > 0 && (
        <p className="field__error field__error--block" role="alert" id="package-required" tabIndex={-1}>
          {localizeMessage(packageMessages.required)}
        </p>
      )}
      <StepActions quote={quote} onBack={() => goTo(1)}>
        <button type="button" className="button button--primary" onClick={proceed}>
          <ActionLabel keep={t('Continue')} rest={t('to Safari Selection')} />
        </button>
      </StepActions>
    </div>
  );
}
