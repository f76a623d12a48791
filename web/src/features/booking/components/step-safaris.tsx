import { useState } from 'react';
import { isSpecialSafari } from '@shared/catalogue';
import { formatInr } from '@shared/money';
import { PriceNote } from '@/components/price-note';
import { includedSafariIndexes, includedSafaris } from '@shared/quote';
import { safariSelectionProblems } from '@shared/safari-rules';
import { stayNights, type FieldProblems } from '@shared/stay';
import { ApiError } from '@/lib/api-client';
import { useSafaris, useSafariSlots } from '../api/get-safaris';
import type { SafariOption, StayQuote } from '../api/schemas';
import { useValidateSafari } from '../api/validate-safari';
import { useWizard } from '../hooks/wizard-context';
import { partySize, type Draft, type SelectedSafari } from '../model/draft';
import { countOf, formatShortDate, formatSlot } from '@/lib/format';
import { localizeMessage, type MessageId, useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { range } from '../model/step1-rules';
import { ActionLabel, StepActions } from './step-actions';
import { StepHeading } from './step-heading';
import './offer-cards.css';
import './step-safaris.css';

const timeFilters = ['All', 'Morning', 'Evening', 'Night'] as const satisfies readonly MessageId[];
type TimeFilter = (typeof timeFilters)[number];

/** The morning/evening/night filter matches on the safari's id (and its category): docs/product.md#step-3-safaris. */
const matchesTime = (safari: SafariOption, filter: TimeFilter) => {
  if (filter === 'All') return true;
  const word = filter.toLowerCase();
  return safari.id.includes(word) || safari.category === word;
};

type CardProps = { safari: SafariOption; draft: Draft; added: boolean; onAdd: (safari: SelectedSafari) => void };

function SafariCard({ safari, draft, added, onAdd }: CardProps) {
  const [date, setDate] = useState('');
  const [timeSlot, setTimeSlot] = useState('');
  const [guests, setGuests] = useState(0);
  const [problems, setProblems] = useState<FieldProblems>({});
  const slots = useSafariSlots(safari.id, date);
  const validate = useValidateSafari();
  const party = partySize(draft);
  const nights = stayNights(draft.checkIn, draft.checkOut);
  const id = (field: string) => `${safari.id}-${field}`;
  const t = useT();

  function add() {
    const selection = { safariId: safari.id, date, timeSlot, guests };
    const found = safariSelectionProblems(selection, safari, { checkIn: draft.checkIn, checkOut: draft.checkOut, guests: party });
    setProblems(found);
    const first = ['date', 'timeSlot', 'guests'].find((field) => found[field]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    validate.mutate(
      { checkIn: draft.checkIn, checkOut: draft.checkOut, guests: party, selection },
      {
        onSuccess: () => onAdd({ id: safari.id, name: safari.name, price: safari.price, date, timeSlot, guests, totalPrice: safari.price * guests }),
        onError: (error) =>
          setProblems({
            timeSlot: [error instanceof ApiError && error.status < 500 ? error.message : t('Unable to check this safari right now. Please try again.')],
          }),
      },
    );
  }

  const fieldError = (field: string) =>
    problems[field] ? (
      <p className="field__error" id={id(`${field}-error`)}>
        {problems[field].map(localizeMessage).join(' ')}
      </p>
    ) : null;
  const describedBy = (field: string) => (problems[field] ? id(`${field}-error`) : undefined);

  return (
    <article className="safari-card" aria-labelledby={id('name')} data-testid="safari-card">
      {isSpecialSafari(safari) && <span className="badge badge--gold safari-card__badge">{t('Special Experience')}</span>}
      <h3 id={id('name')}>{safari.name}</h3>
      <p className="safari-card__meta">
        <strong>{formatInr(safari.price)}</strong> {t('per person')}
        <PriceNote rupees={safari.price} /> · {safari.duration} · {t('up to {max} guests', { max: safari.max_guests })}
      </p>
      <p>{safari.description}</p>
      {safari.highlights.length > 0 && (
        <ul className="safari-card__highlights">
          {safari.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      )}
      <div className="safari-card__form">
        <div className={`field${problems.date ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id('date')}>
            {t('Date')}
          </label>
          <select
            id={id('date')}
            value={date}
            disabled={added}
            aria-invalid={Boolean(problems.date) || undefined}
            aria-describedby={describedBy('date')}
            onChange={(event) => {
              setDate(event.target.value);
              setTimeSlot('');
              setProblems({});
            }}
          >
            <option value="">{t('Select a date')}</option>
            {nights.map((night) => (
              <option key={night} value={night}>
                {formatShortDate(night)}
              </option>
            ))}
          </select>
          {fieldError('date')}
        </div>
        <div className={`field${problems.timeSlot ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id('timeSlot')}>
            {t('Time slot')}
          </label>
          <select
            id={id('timeSlot')}
            value={timeSlot}
            disabled={!date || added}
            aria-invalid={Boolean(problems.timeSlot) || undefined}
            aria-describedby={describedBy('timeSlot')}
            onChange={(event) => {
              setTimeSlot(event.target.value);
              setProblems({});
            }}
          >
            <option value="">{date && slots.isPending ? t('Loading slots...') : t('Select a time')}</option>
            {safari.time_slots.map((slot) => {
              const seats = slots.data?.slots.find((entry) => entry.timeSlot === slot)?.seatsLeft;
              return (
                <option key={slot} value={slot} disabled={seats === 0}>
                  {formatSlot(slot)}
                  {seats === undefined ? '' : ` · ${seats === 0 ? t('full') : t('{count, plural, one {# seat} other {# seats}} left', { count: seats })}`}
                </option>
              );
            })}
          </select>
          {fieldError('timeSlot')}
        </div>
        <div className={`field${problems.guests ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id('guests')}>
            {t('Guests')}
          </label>
          <select
            id={id('guests')}
            value={guests}
            disabled={added}
            aria-invalid={Boolean(problems.guests) || undefined}
            aria-describedby={describedBy('guests')}
            onChange={(event) => {
              setGuests(Number(event.target.value));
              setProblems({});
            }}
          >
            <option value={0}>{t('Guests')}</option>
            {range(1, Math.min(party, safari.max_guests)).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
          {fieldError('guests')}
        </div>
      </div>
      <button type="button" className="button button--secondary" disabled={added || validate.isPending} onClick={add}>
        {added ? t('✓ Added') : validate.isPending ? t('Checking...') : t('Add Safari')}
      </button>
    </article>
  );
}

/** Step 3: optional safaris on the nights of the stay, checked by the server before they are added. */
export default function StepSafaris({ quote, updating }: { quote: StayQuote | undefined; updating: boolean }) {
  const { draft, update, goTo } = useWizard();
  const safaris = useSafaris();
  const t = useT();
  const [filter, setFilter] = useState<TimeFilter>('All');
  // The package's included safaris are the dearest the guest adds, as the quote counts them (shared/quote.ts).
  const allowance = includedSafaris(draft.packageDetails);
  const included = includedSafariIndexes(
    draft.safaris.map((safari) => safari.totalPrice),
    allowance,
  );
  const total = draft.safaris.reduce((sum, safari, index) => sum + (included.has(index) ? 0 : safari.totalPrice), 0);

  return (
    <div className="step step--safaris">
      <StepHeading description={t('Safaris are optional and priced per person. You can add one for any night of your stay.')}>{t('Add a safari')}</StepHeading>
      {draft.notice && (
        <div className="banner banner--warning" role="alert">
          {localizeMessage(draft.notice)}
        </div>
      )}
      {allowance > 0 && (
        <p className="banner banner--info" data-testid="included-safaris">
          {t(
            '{count, plural, one {Your {name} package includes one safari at no extra charge: the dearest one you add is free.} other {Your {name} package includes # safaris at no extra charge: the # dearest you add are free.}}',
            { name: draft.packageDetails?.name ?? '', count: allowance },
          )}
        </p>
      )}
      <div className="chips" role="group" aria-label={t('Time of day')}>
        {timeFilters.map((entry) => (
          <button
            key={entry}
            type="button"
            className={`chip${filter === entry ? ' chip--active' : ''}`}
            aria-pressed={filter === entry}
            onClick={() => setFilter(entry)}
          >
            {t(entry)}
          </button>
        ))}
      </div>

      {safaris.isPending && (
        <div className="safari-grid" role="status" aria-label={t('Loading safaris')}>
          <div className="skeleton package-skeleton" />
          <div className="skeleton package-skeleton" />
        </div>
      )}
      {safaris.isError && (
        <div className="banner banner--error" role="alert">
          <p>{t('Unable to load safari options. Please try again.')}</p>
          <button type="button" className="button button--small" onClick={() => void safaris.refetch()}>
            {t('Retry')}
          </button>
        </div>
      )}
      <div className="safari-grid">
        {safaris.data
          ?.filter((safari) => matchesTime(safari, filter))
          .map((safari) => (
            <SafariCard
              key={safari.id}
              safari={safari}
              draft={draft}
              added={draft.safaris.some((selected) => selected.id === safari.id)}
              onAdd={(selected) => update((current) => ({ ...current, safaris: [...current.safaris, selected], notice: undefined }))}
            />
          ))}
      </div>

      <section className="selected-safaris" aria-labelledby="selected-safaris">
        <h3 id="selected-safaris">{t('Your safaris')}</h3>
        {draft.safaris.length === 0 ? (
          <p className="muted">{t('No safaris added yet.')}</p>
        ) : (
          <>
            <ul className="chips">
              {draft.safaris.map((safari, index) => (
                <li key={safari.id} className="chip chip--removable">
                  <span>
                    {safari.name} · {formatShortDate(safari.date)} · {formatSlot(safari.timeSlot)} · {countOf('guests', safari.guests)} ·{' '}
                    {included.has(index) ? <strong className="chip__included">{t('Included')}</strong> : formatInr(safari.totalPrice)}
                  </span>
                  <button
                    type="button"
                    className="chip__remove"
                    aria-label={t('Remove {name}', { name: safari.name })}
                    onClick={() => update((current) => ({ ...current, safaris: current.safaris.filter((entry) => entry.id !== safari.id) }))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            <p className="selected-safaris__total">
              {t('Safari total:')} <strong>{formatInr(total)}</strong>
              {included.size > 0 && <> {t('({count} included in your package)', { count: included.size })}</>}
              <PriceNote rupees={total} />
            </p>
          </>
        )}
      </section>
      <p className="note">{t('Safari bookings depend on availability and weather conditions.')}</p>

      <StepActions quote={quote} updating={updating} onBack={() => goTo(2)}>
        {draft.safaris.length === 0 ? (
          <button type="button" className="button button--primary" onClick={() => goTo(4)}>
            <ActionLabel keep={t('Continue')} rest={t('Without Safari')} />
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => goTo(4)}>
            <ActionLabel keep={t('Continue')} rest={t('with Safaris')} />
          </button>
        )}
      </StepActions>
    </div>
  );
}
