import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { guestDetailsSchema, guestMessages } from '@shared/booking';
import { formatInr } from '@shared/money';
import { Dialog } from '@/components/dialog';
import { PriceBreakdown } from '@/components/price-breakdown';
import { PriceNote } from '@/components/price-note';
import { frontDesk } from '@/config/resort';
import { ApiError } from '@/lib/api-client';
import { isNetworkFailure, useConnectivity } from '@/lib/connectivity';
import { useCreateBooking, type CreateBookingInput } from '../api/create-booking';
import { getStayQuoteQueryOptions, useStayQuote } from '../api/get-stay-quote';
import { quoteSchema, type CreatedBooking, type StayQuote } from '../api/schemas';
import { useWizard } from '../hooks/wizard-context';
import { quoteRequestOf } from '../hooks/use-running-quote';
import { useProfilePrefill } from '../hooks/use-profile-prefill';
import { useVillaName } from '../hooks/use-villa-name';
import { countryCodes, guestPrefixes, partySize, type Draft, type GuestForm } from '../model/draft';
import { formatDateWithWeekday, plural } from '@/lib/format';
import { StepActions } from './step-actions';
import { StepHeading } from './step-heading';

const PAYMENT_FAILED = 'Something went wrong with your payment. Please try again or contact our support team.';
/** DESIGN section 6: never a confirmation the server did not give; say exactly what happened instead. */
const NOT_SENT =
  "You're offline. Your booking has not been made: confirming needs a connection, and nothing was sent. Everything you entered is kept here; press Retry once you're back online.";
const NO_ANSWER =
  "We couldn't reach the resort, so your booking is not confirmed. Everything you entered is kept. Press Retry when your connection is back: if the resort did receive it, Retry shows that booking and never books it twice.";
const fieldOrder = ['firstName', 'lastName', 'email', 'phone', 'address', 'acceptTerms'] as const;
type Field = (typeof fieldOrder)[number];
type Problems = Partial<Record<Field, string>>;

/** The payment form's rules (spec section 5) through the server's own guest schema, plus the terms. */
export function guestProblems(guest: GuestForm): Problems {
  const problems: Problems = {};
  const result = v.safeParse(
    guestDetailsSchema,
    {
      prefix: guest.prefix,
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
      phone: guest.phone,
      countryCode: guest.countryCode,
      address: guest.address,
    },
    { abortPipeEarly: true },
  );
  for (const issue of result.issues ?? []) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && (fieldOrder as readonly string[]).includes(key) && !problems[key as Field]) problems[key as Field] = issue.message;
  }
  if (!guest.acceptTerms) problems.acceptTerms = guestMessages.terms;
  return problems;
}

/** Maps the server's 400 details (`guestDetails.email`, `acceptTerms`) onto the form's fields; the rest stay general. */
function serverProblems(details: Record<string, string[]> | undefined): { fields: Problems; other: string[] } {
  const fields: Problems = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(details ?? {})) {
    const key = path.replace(/^guestDetails\./, '');
    if ((fieldOrder as readonly string[]).includes(key)) fields[key as Field] = messages[0];
    else other.push(...messages);
  }
  return { fields, other };
}

/** A random key for the Idempotency-Key header (randomUUID needs a secure context; getRandomValues does not). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function bookingInput(draft: Draft, totalAmount: number): CreateBookingInput {
  const { guest } = draft;
  const request = quoteRequestOf(draft);
  if (!request?.packageId) throw new Error('Step 4 needs an available villa and a package');
  return {
    ...request,
    packageId: request.packageId,
    guestDetails: {
      prefix: guest.prefix,
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
      phone: guest.phone,
      countryCode: guest.countryCode,
      ...(guest.address.trim() ? { address: guest.address } : {}),
    },
    paymentMethod: draft.paymentMethod,
    totalAmount,
    ...(guest.specialRequests.trim() ? { specialRequests: guest.specialRequests } : {}),
    acceptTerms: true,
    promotionalUpdates: guest.promotionalUpdates,
  };
}

function BookingSummary({ draft, quote, isError, onRetry }: { draft: Draft; quote: StayQuote | undefined; isError: boolean; onRetry: () => void }) {
  const villa = useVillaName(draft.cottage);
  return (
    <section className="panel" aria-labelledby="summary-heading">
      <h3 id="summary-heading" className="panel__title">
        Booking summary
      </h3>
      <ul className="stay-facts stay-facts--inline">
        <li>{villa}</li>
        <li>
          {formatDateWithWeekday(draft.checkIn)} – {formatDateWithWeekday(draft.checkOut)}
        </li>
        <li>
          {plural(draft.adults, 'adult')}
          {draft.children > 0 ? `, ${plural(draft.children, 'child', 'children')}` : ''} · {plural(draft.rooms, 'room')}
        </li>
        {draft.packageDetails && <li>{draft.packageDetails.name}</li>}
      </ul>
      {quote ? (
        <PriceBreakdown lines={quote.lines} total={quote.total} withNote testId="final-quote" />
      ) : isError ? (
        <div className="banner banner--error" role="alert">
          <p>The price could not be loaded. Please try again.</p>
          <button type="button" className="button button--small" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : (
        <div className="skeleton skeleton--breakdown" role="status" aria-label="Loading the price" />
      )}
    </section>
  );
}

/** `unsent`: the browser is offline, nothing went out. `lost`: no answer came (the booking may or may not be stored; Retry tells). */
type Failure = { kind: 'failed'; message: string } | { kind: 'price'; quote: StayQuote; message: string } | { kind: 'unsent' | 'lost'; message: string };

/** Step 4: the server's full quote, how to pay, the guest's details, and the booking itself (once, whatever the retries). */
export default function StepPayment({ onBooked }: { onBooked: (booking: CreatedBooking) => void }) {
  const { draft, update, goTo } = useWizard();
  const queryClient = useQueryClient();
  const request = quoteRequestOf(draft);
  const quote = useStayQuote(request);
  const create = useCreateBooking();
  const connection = useConnectivity();
  const offline = !connection.online && connection.reason === 'offline';
  useProfilePrefill();
  const [problems, setProblems] = useState<Problems>({});
  const [otherProblems, setOtherProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure | undefined>();
  const guest = draft.guest;
  const processing = create.isPending;
  // Each refused attempt moves focus to the banner that sums the problems up, once it is on screen.
  const [errorFocus, setErrorFocus] = useState(0);
  useEffect(() => {
    if (errorFocus > 0) document.getElementById('payment-errors')?.focus();
  }, [errorFocus]);

  const setGuest = (change: Partial<GuestForm>) => {
    update((current) => ({ ...current, guest: { ...current.guest, ...change } }));
    const changed = Object.keys(change) as Field[];
    if (changed.some((key) => problems[key]))
      setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !changed.includes(key as Field))));
  };

  // One key per booking attempt, kept in the draft: a double click, a retry or a reload books once.
  const keyRef = useRef(draft.idempotencyKey);
  function book(totalAmount: number) {
    const idempotencyKey = (keyRef.current ??= newIdempotencyKey());
    if (draft.idempotencyKey !== idempotencyKey) update((current) => ({ ...current, idempotencyKey }));
    if (offline) {
      // Nothing is sent, so nothing can be half-done: the draft and its key wait for Retry.
      setFailure({ kind: 'unsent', message: NOT_SENT });
      return;
    }
    setFailure(undefined);
    create.mutate(
      { ...bookingInput(draft, totalAmount), idempotencyKey },
      {
        onSuccess: (booking) => onBooked(booking),
        onError: (error) => {
          if (isNetworkFailure(error)) {
            setFailure({ kind: 'lost', message: NO_ANSWER });
            return;
          }
          if (!(error instanceof ApiError) || error.status >= 500) {
            setFailure({ kind: 'failed', message: PAYMENT_FAILED });
            return;
          }
          if (error.status === 409) {
            const fresh = v.safeParse(quoteSchema, error.extra.quote);
            if (fresh.success) {
              if (request) queryClient.setQueryData(getStayQuoteQueryOptions(request).queryKey, fresh.output);
              setFailure({ kind: 'price', quote: fresh.output, message: error.message });
              return;
            }
            const soldOutSafari = Object.keys(error.details ?? {})
              .map((key) => /^selectedSafaris\.(\d+)\./.exec(key)?.[1])
              .find((index) => index !== undefined);
            if (soldOutSafari !== undefined) {
              // That safari's slot filled up: back to step 3 without it, saying why.
              update((current) => ({ ...current, safaris: current.safaris.filter((_, index) => index !== Number(soldOutSafari)), notice: error.message }));
              goTo(3);
              return;
            }
            // The villa went to someone else: back to step 1, which checks again and offers what is free.
            update((current) => ({ ...current, availability: undefined, notice: error.message }));
            goTo(1);
            return;
          }
          const mapped = serverProblems(error.details);
          setProblems(mapped.fields);
          setOtherProblems(mapped.other.length ? mapped.other : Object.keys(mapped.fields).length ? [] : [error.message]);
          setErrorFocus((count) => count + 1);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    const found = guestProblems(guest);
    setProblems(found);
    setOtherProblems([]);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      setErrorFocus((count) => count + 1);
      return;
    }
    if (!quote.data) return;
    book(quote.data.total);
  }

  const messages = [...fieldOrder.flatMap((field) => (problems[field] ? [problems[field]] : [])), ...otherProblems];
  const input = (
    field: 'firstName' | 'lastName' | 'email' | 'phone',
    label: string,
    props: { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' },
  ) => (
    <div className={`field${problems[field] ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={field}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={field}
        value={guest[field]}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required
        aria-invalid={Boolean(problems[field]) || undefined}
        aria-describedby={problems[field] ? `${field}-error` : undefined}
        onChange={(event) => setGuest({ [field]: event.target.value })}
      />
      {problems[field] && (
        <p className="field__error" id={`${field}-error`}>
          {problems[field]}
        </p>
      )}
    </div>
  );

  return (
    <form className="step step--payment" onSubmit={submit} noValidate aria-busy={processing}>
      <StepHeading description="Check your stay, tell us who is coming and how you'd like to pay.">Review and confirm</StepHeading>
      {messages.length > 0 && (
        <div className="banner banner--error" role="alert" id="payment-errors" tabIndex={-1}>
          <p>
            <strong>Please fix the following errors:</strong> {messages.join(', ')}
          </p>
        </div>
      )}
      <BookingSummary draft={draft} quote={quote.data} isError={quote.isError} onRetry={() => void quote.refetch()} />

      <fieldset className="panel">
        <legend className="panel__title">How would you like to pay?</legend>
        <div className="pay-tiles">
          <label className="pay-tile pay-tile--disabled">
            <input type="radio" name="paymentMethod" value="razorpay" disabled checked={draft.paymentMethod === 'razorpay'} onChange={() => undefined} />
            <span className="pay-tile__title">Pay online</span>
            <span className="pay-tile__text">Cards, UPI, net banking</span>
            <span className="badge">Coming soon</span>
          </label>
          <label className={`pay-tile${draft.paymentMethod === 'offline' ? ' pay-tile--selected' : ''}`}>
            <input
              type="radio"
              name="paymentMethod"
              value="offline"
              checked={draft.paymentMethod === 'offline'}
              onChange={() => update((current) => ({ ...current, paymentMethod: 'offline' }))}
            />
            <span className="pay-tile__title">Pay at property</span>
            <span className="pay-tile__text">Nothing to pay now: settle at check-in.</span>
          </label>
        </div>
      </fieldset>

      <fieldset className="panel">
        <legend className="panel__title">Primary guest</legend>
        <div className="form-grid">
          <div className="field field--narrow">
            <label className="field__label" htmlFor="prefix">
              Title <span aria-hidden="true">*</span>
            </label>
            <select id="prefix" value={guest.prefix} onChange={(event) => setGuest({ prefix: event.target.value as GuestForm['prefix'] })}>
              {guestPrefixes.map((prefix) => (
                <option key={prefix}>{prefix}</option>
              ))}
            </select>
          </div>
          {input('firstName', 'First name', { autoComplete: 'given-name' })}
          {input('lastName', 'Last name', { autoComplete: 'family-name' })}
          {input('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          <div className="phone-row">
            <div className="field field--narrow">
              <label className="field__label" htmlFor="countryCode">
                Country code
              </label>
              <select
                id="countryCode"
                value={guest.countryCode}
                autoComplete="tel-country-code"
                onChange={(event) => setGuest({ countryCode: event.target.value as GuestForm['countryCode'] })}
              >
                {countryCodes.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            </div>
            {input('phone', 'Phone number', { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' })}
          </div>
          <div className={`field field--wide${problems.address ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="address">
              Address <span className="muted">(optional)</span>
            </label>
            <textarea
              id="address"
              rows={2}
              value={guest.address}
              autoComplete="street-address"
              onChange={(event) => setGuest({ address: event.target.value })}
            />
            {problems.address && <p className="field__error">{problems.address}</p>}
          </div>
          <div className="field field--wide">
            <label className="field__label" htmlFor="specialRequests">
              Special requests <span className="muted">(optional)</span>
            </label>
            <textarea id="specialRequests" rows={2} value={guest.specialRequests} onChange={(event) => setGuest({ specialRequests: event.target.value })} />
          </div>
        </div>
        <div className="consents">
          <label className="check">
            <input type="checkbox" checked={guest.promotionalUpdates} onChange={(event) => setGuest({ promotionalUpdates: event.target.checked })} />
            <span>Send me offers and news from the resort</span>
          </label>
          <label className={`check${problems.acceptTerms ? ' check--invalid' : ''}`}>
            <input
              type="checkbox"
              id="acceptTerms"
              checked={guest.acceptTerms}
              aria-invalid={Boolean(problems.acceptTerms) || undefined}
              onChange={(event) => setGuest({ acceptTerms: event.target.checked })}
            />
            <span>I accept the terms and conditions. Free cancellation up to 48 hours before check-in; check-in from 2:00 PM, check-out by 11:00 AM.</span>
          </label>
        </div>
      </fieldset>

      <StepActions quote={quote.data} onBack={() => goTo(3)}>
        <button
          type="submit"
          className="button button--primary"
          disabled={!guest.acceptTerms || processing || !quote.data}
          aria-describedby={offline ? 'confirm-needs-connection' : undefined}
        >
          {processing ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" /> Processing...
            </>
          ) : (
            `Confirm Booking${quote.data ? ` · ${formatInr(quote.data.total)}` : ''}`
          )}
        </button>
        {offline && (
          <p className="step-actions__note" id="confirm-needs-connection" data-testid="confirm-needs-connection">
            Confirming needs a connection. You're offline: nothing is booked until you're back, and your details are kept.
          </p>
        )}
      </StepActions>

      <Dialog
        open={failure?.kind === 'failed'}
        title="Payment Failed"
        onClose={() => setFailure(undefined)}
        description={failure?.message}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={() => quote.data && book(quote.data.total)}>
            Try Again
          </button>
          <a className="button button--secondary" href={frontDesk.href}>
            Call Support
          </a>
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'unsent' || failure?.kind === 'lost'}
        title="Not booked yet"
        onClose={() => setFailure(undefined)}
        description={failure?.message}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={() => quote.data && book(quote.data.total)}>
            Retry
          </button>
          <a className="button button--secondary" href={frontDesk.href}>
            Call Support
          </a>
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'price'}
        title="The price has changed"
        onClose={() => setFailure(undefined)}
        description={failure?.message}
        className="dialog--result"
      >
        {failure?.kind === 'price' && (
          <>
            <p className="price-change">
              New total: <strong>{formatInr(failure.quote.total)}</strong>
              <PriceNote rupees={failure.quote.total} /> for {plural(partySize(draft), 'guest')}, {plural(failure.quote.nights, 'night')}
            </p>
            <div className="dialog__actions">
              <button type="button" className="button button--primary" data-autofocus onClick={() => book(failure.quote.total)}>
                Confirm new price
              </button>
              <button type="button" className="button button--secondary" onClick={() => setFailure(undefined)}>
                Not now
              </button>
            </div>
          </>
        )}
      </Dialog>
    </form>
  );
}
