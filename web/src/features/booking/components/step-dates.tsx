import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { EARLY_PHOTO_SLOT } from '@shared/early-answers';
import { CARD_IMAGE_SIZES, imageSrcSet } from '@shared/media';
import { resortToday } from '@shared/stay';
import { localizeMessage, type MessageId, useT } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { earlyPhoto } from '@/lib/early-answers';
import { useFirstPass } from '@/lib/first-pass';
import { whenIdle } from '@/lib/when-idle';
import { preloadable } from '@/lib/preloadable';
import { useCheckAvailability } from '../api/check-availability';
import { useCottages } from '../api/get-cottages';
import type { AvailabilityResult, StayQuote } from '../api/schemas';
import { prefetchPackagesStep } from '../hooks/use-prefetch-next-step';
import { useWizard } from '../hooks/wizard-context';
import { questionOf, sameQuestion } from '../model/availability-question';
import { partySize, villaAvailable, withStayChange, type Draft, type StayFields, type StayKind } from '../model/draft';
import { availabilityProblems, hasProblems, range, stayLimits, stayMessages } from '../model/step1-rules';
import { DateFields } from './date-fields';
import { ActionLabel, StepActions } from './step-actions';
import { StepHeading } from './step-heading';
import { StayKindCard } from './stay-kind-card';
import './step-dates.css';

// The answer's box (with its calendar look-up) is needed only after a check: its own chunk, fetched after the first paint.
const AvailabilityResultBox = preloadable(() => import('./availability-result'));

const selectLabel = { rooms: 'Rooms', adults: 'Adults', children: 'Children' } as const satisfies Record<string, MessageId>;
/** The order the guest meets the fields in; the first with a problem takes focus. */
const fieldOrder = ['cottage', 'checkIn', 'checkOut', 'rooms', 'adults', 'children', 'guests'] as const;

/** A failed check: the API's message (English: shown through localizeMessage) or, when unexpected, none. */
type Check = { state: 'idle' } | { state: 'error'; message?: string; details?: Record<string, string[]>; retry: boolean };

/** Step 1: villa, dates and party, and the availability check that unlocks step 2 (docs/product.md#step-1-dates-and-villa). */
export function StepDates({ quote }: { quote: StayQuote | undefined }) {
  const { draft, update, goTo } = useWizard();
  const t = useT();
  const cottages = useCottages();
  const availability = useCheckAvailability();
  const queryClient = useQueryClient();
  const [attempted, setAttempted] = useState(false);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const today = resortToday();
  const villa = cottages.data?.find((cottage) => cottage.type === draft.cottage);
  const problems = attempted ? availabilityProblems(draft, villa?.max_guests, today) : {};
  const result = draft.availability;

  function change(stay: Partial<StayFields>) {
    update((current) => withStayChange(current, stay));
    availability.reset();
    setCheck({ state: 'idle' });
  }

  function run(stay: StayFields) {
    setAttempted(true);
    const found = availabilityProblems(stay, cottages.data?.find((cottage) => cottage.type === stay.cottage)?.max_guests, today);
    if (hasProblems(found)) {
      const first = fieldOrder.find((field) => found[field]);
      const target = first === 'cottage' ? `villa-${cottages.data?.[0]?.type ?? ''}` : first === 'guests' ? 'adults' : first;
      if (target) document.getElementById(target)?.focus();
      return;
    }
    const question = questionOf(stay);
    setCheck({ state: 'idle' });
    availability.mutate(question, {
      onSuccess: (answer: AvailabilityResult) =>
        update((current) => (sameQuestion(questionOf(current), question) ? { ...current, availability: answer, notice: undefined } : current)),
      onError: (error) => {
        const known = error instanceof ApiError && error.status < 500;
        setCheck({
          state: 'error',
          ...(known ? { message: error.message } : {}),
          ...(known && error.details ? { details: error.details } : {}),
          retry: !known,
        });
      },
    });
    // Step 2's packages and prices load beside the check, so the guest moves on as soon as it
    // answers; asked for a task later, so the check, which the guest waits on, goes out first.
    window.setTimeout(() => prefetchPackagesStep(queryClient, { ...draft, ...stay }), 0);
  }

  // The answer's code: on idle, or when the guest opens the calendar (they check right after).
  const loadResultBox = () => void AvailabilityResultBox.load().catch(() => undefined);
  useEffect(() => whenIdle(loadResultBox), []);

  // Sent back from step 4 because the villa sold out: check again at once, to show what is free.
  const rechecked = useRef(false);
  useEffect(() => {
    if (draft.notice && !draft.availability && !rechecked.current && cottages.data) {
      rechecked.current = true;
      run(draft);
    }
    // Runs once the catalogue is there; `run` reads the draft of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.notice, cottages.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (villaAvailable(draft)) goTo(2);
    else run(draft);
  }

  const applyAndCheck = (stay: Partial<StayFields>) => {
    const next: Draft = withStayChange(draft, stay);
    change(stay);
    run(next);
  };

  const allProblems = [
    ...fieldOrder.flatMap((field) => problems[field] ?? []),
    ...Object.values(check.state === 'error' ? (check.details ?? {}) : {}).flat(),
  ].map(localizeMessage);
  const status = availability.isPending
    ? { tone: 'info', text: t('Checking availability...') }
    : hasProblems(problems)
      ? { tone: 'error', text: t(stayMessages.fixErrors) }
      : check.state === 'error'
        ? { tone: 'error', text: check.message ? localizeMessage(check.message) : t('Unable to check availability. Please try again.') }
        : result
          ? {
              tone: result.available ? 'success' : 'error',
              text: result.available ? t('Villa is available for your dates!') : localizeMessage(draft.notice ?? result.message),
            }
          : undefined;

  const select = (field: keyof typeof selectLabel, options: number[]) => (
    <div className={`field${problems[field] || (field === 'adults' && problems.guests) ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={field}>
        {t(selectLabel[field])}
      </label>
      <select
        id={field}
        value={draft[field]}
        aria-invalid={Boolean(problems[field] || (field === 'adults' && problems.guests)) || undefined}
        onChange={(event) => change({ [field]: Number(event.target.value) })}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {problems[field] && <p className="field__error">{problems[field].map(localizeMessage).join(' ')}</p>}
    </div>
  );

  return (
    <form className="step step--dates" onSubmit={submit} noValidate aria-busy={availability.isPending}>
      <StepHeading description={t("Choose a villa, your dates and your party; we'll check what's free.")}>{t('Your villa and dates')}</StepHeading>
      {/* Why the guest is back here, until the check that follows answers (its result area then says it). */}
      {draft.notice && !result && (
        <div className="banner banner--warning" role="alert">
          {localizeMessage(draft.notice)}
        </div>
      )}

      <fieldset className="panel">
        <legend className="panel__title">{t('Choose your villa')}</legend>
        {cottages.isPending && (
          <div className="villa-list" role="status" aria-label={t('Loading villas')}>
            <div className="skeleton villa-skeleton">
              <FirstVillaPhoto />
            </div>
            <div className="skeleton villa-skeleton" />
            <div className="skeleton villa-skeleton" />
          </div>
        )}
        {cottages.isError && (
          <div role="alert" className="banner banner--error">
            <p>{cottages.error.message}</p>
            <button type="button" className="button button--small" onClick={() => void cottages.refetch()}>
              {t('Retry')}
            </button>
          </div>
        )}
        {cottages.data && (
          <div className="villa-list" role="radiogroup" aria-label={t('Villa')} aria-required="true">
            {cottages.data.map((cottage) => (
              <StayKindCard
                key={cottage.id}
                cottage={cottage}
                selected={draft.cottage === cottage.type}
                invalid={Boolean(problems.cottage)}
                onSelect={() => change({ cottage: cottage.type as StayKind })}
              />
            ))}
          </div>
        )}
        {problems.cottage && (
          <p className="field__error" id="cottage-error">
            {problems.cottage.map(localizeMessage).join(' ')}
          </p>
        )}
      </fieldset>

      <fieldset className="panel">
        <legend className="panel__title">{t('When are you staying?')}</legend>
        <DateFields
          villa={draft.cottage}
          today={today}
          checkIn={draft.checkIn}
          checkOut={draft.checkOut}
          errors={{ checkIn: problems.checkIn, checkOut: problems.checkOut }}
          onChange={(dates) => change(dates)}
          onOpen={loadResultBox}
        />
      </fieldset>

      <fieldset className="panel">
        <legend className="panel__title">{t("Who's coming?")}</legend>
        <div className="party">
          {select('rooms', range(stayLimits.rooms.min, stayLimits.rooms.max))}
          {select('adults', range(stayLimits.adults.min, stayLimits.adults.max))}
          {select('children', range(stayLimits.children.min, stayLimits.children.max))}
        </div>
        {problems.guests && <p className="field__error">{problems.guests.map(localizeMessage).join(' ')}</p>}
      </fieldset>

      <div className="check" aria-live="polite">
        {status && (
          <p className={`status status--${status.tone}`} data-testid="availability-status">
            {status.text}
          </p>
        )}
        {allProblems.length > 0 && (
          <ul className="error-list" aria-label={t('Problems to fix')}>
            {allProblems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {check.state === 'error' && check.retry && (
          <button type="button" className="button button--secondary button--small" onClick={() => run(draft)}>
            {t('Retry')}
          </button>
        )}
        {availability.isPending && (
          <div className="loading-overlay" aria-hidden="true">
            <span className="spinner" />
          </div>
        )}
        {result && !availability.isPending && (
          <Suspense fallback={<div className="skeleton result-skeleton" />}>
            <AvailabilityResultBox
              result={result}
              villa={draft.cottage}
              checkIn={draft.checkIn}
              checkOut={draft.checkOut}
              guests={partySize(draft)}
              onDates={(dates) => applyAndCheck(dates)}
              onVilla={(type) => applyAndCheck({ cottage: type as StayKind })}
              onRooms={(rooms) => applyAndCheck({ rooms })}
            />
          </Suspense>
        )}
      </div>

      <StepActions quote={quote}>
        <button type="submit" className="button button--primary" disabled={availability.isPending}>
          {availability.isPending ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" /> {t('Checking...')}
            </>
          ) : villaAvailable(draft) ? (
            <ActionLabel keep={t('Proceed')} rest={t('to Package Selection')} />
          ) : (
            t('Check Availability')
          )}
        </button>
      </StepActions>
    </form>
  );
}

/**
 * The first placeholder's photo slot, where the first card's photo will be: index.html's early
 * script shows that photo in it before the app's code has run (web/src/first-screen/early-catalogue.ts).
 * Rendered by the app before the villas are in, it shows the photo the script showed.
 */
function FirstVillaPhoto() {
  const photo = useFirstPass() ? undefined : earlyPhoto();
  return (
    <img
      className="villa-skeleton__photo"
      {...{ [EARLY_PHOTO_SLOT]: '' }}
      src={photo}
      srcSet={photo && imageSrcSet(photo)}
      sizes={photo && CARD_IMAGE_SIZES}
      alt=""
      width={640}
      height={400}
    />
  );
}
