import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { guestDetailsSchema, guestMessages } from '@shared/booking';
import { formatInr } from '@shared/money';
import { paymentMessages } from '@shared/payment-rules';
import { Dialog } from '@/components/dialog';
import { PriceBreakdown } from '@/components/price-breakdown';
import { PriceNote } from '@/components/price-note';
import { frontDesk } from '@/config/resort';
import { ApiError } from '@/lib/api-client';
import { isNetworkFailure, useConnectivity } from '@/lib/connectivity';
import { useTimeLeft } from '@/lib/hold-time';
import { useSiteConfig } from '@/lib/use-site-config';
import { useCreateBooking, type CreateBookingInput } from '../api/create-booking';
import { getStayQuoteQueryOptions, useStayQuote } from '../api/get-stay-quote';
import { releaseHeldBooking } from '../api/payments';
import { quoteSchema, type CreatedBooking, type StayQuote } from '../api/schemas';
import { useWizard } from '../hooks/wizard-context';
import { quoteRequestOf } from '../hooks/use-running-quote';
import { useOnlinePayment } from '../hooks/use-online-payment';
import { useProfilePrefill } from '../hooks/use-profile-prefill';
import { useVillaName } from '../hooks/use-villa-name';
import { loadRazorpayScript } from '../lib/razorpay-checkout';
import { countryCodes, guestPrefixes, partySize, type Draft, type GuestForm } from '../model/draft';
import { heldMatchesDraft } from '../model/held-booking';
import { formatDateWithWeekday, plural } from '@/lib/format';
import { HoldCountdown } from './hold-countdown';
import { PaymentMethodTiles } from './payment-method-tiles';
import { StepActions } from './step-actions';
import { StepHeading } from './step-heading';
import { TestCheckoutDialog } from './test-checkout-dialog';
import './step-payment.css';

const PAYMENT_FAILED = paymentMessages.failedDefault;
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
  const result = z.safeParse(guestDetailsSchema, {
    prefix: guest.prefix,
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    phone: guest.phone,
    countryCode: guest.countryCode,
    address: guest.address,
  });
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0];
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

/**
 * The booking made for online payment and not yet paid: which booking, how long its villa stays
 * held, and what changing anything means (giving the hold back, then booking again).
 */
function AwaitingPayment({
  held,
  changed,
  timeLeft,
  releasing,
  onRelease,
  onBookAgain,
}: {
  held: CreatedBooking;
  /** The guest went back and changed the stay after this booking was made. */
  changed: boolean;
  timeLeft: number | undefined;
  releasing: boolean;
  onRelease: () => void;
  onBookAgain: () => void;
}) {
  const record = held.booking;
  if (changed && timeLeft !== 0)
    return (
      <section className="panel pay-hold" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
        <h3 id="pay-hold-heading" className="panel__title">
          You changed your stay after booking it
        </h3>
        <p>
          Booking {held.bookingReference} ({record.cottage_name}, {formatDateWithWeekday(record.check_in_date)} to{' '}
          {formatDateWithWeekday(record.check_out_date)}) is still held for you, unpaid. To book what you have chosen now, release that hold first; nothing was
          charged.
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={onRelease} disabled={releasing}>
            {releasing ? 'Releasing the hold...' : 'Release it and continue'}
          </button>
        </p>
      </section>
    );
  if (timeLeft === 0)
    return (
      <section className="panel pay-hold pay-hold--over" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
        <h3 id="pay-hold-heading" className="panel__title">
          The time to pay has run out
        </h3>
        <p>
          Booking {held.bookingReference} was not paid within the time, so its villa is no longer held. Nothing was charged. Your details are still here: book
          again to check the villa is still free.
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={onBookAgain}>
            Book again
          </button>
        </p>
      </section>
    );
  return (
    <section className="panel pay-hold" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
      <h3 id="pay-hold-heading" className="panel__title">
        Booking {held.bookingReference} is waiting for payment
      </h3>
      <HoldCountdown expiresAt={record.hold_expires_at} />
      <p>
        Pay <strong>{formatInr(record.total_amount)}</strong> to confirm it. Nothing has been charged yet.
      </p>
      <p className="pay-hold__change muted">
        The details below are in this booking. To change them,{' '}
        <button type="button" className="link-button" onClick={onRelease} disabled={releasing}>
          {releasing ? 'releasing the hold...' : 'release the hold'}
        </button>{' '}
        and book again.
      </p>
    </section>
  );
}

/** `unsent`: the browser is offline, nothing went out. `lost`: no answer came (the booking may or may not be stored; Retry tells). */
type Failure = { kind: 'failed'; message: string } | { kind: 'price'; quote: StayQuote; message: string } | { kind: 'unsent' | 'lost'; message: string };

/**
 * Step 4: the server's full quote, how to pay, the guest's details, and the booking itself (once,
 * whatever the retries). Paid online, the booking is made first and held while the guest pays; the
 * checkout (the test provider's, or Razorpay's when live) then pays that same booking, however
 * often it is tried, until the server confirms it.
 */
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
  const [tooManyOpen, setTooManyOpen] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const guest = draft.guest;
  const held = draft.awaitingPayment;
  const holdLeft = useTimeLeft(held?.booking.hold_expires_at);
  const heldChanged = held !== undefined && !heldMatchesDraft(held.booking, draft);

  // Razorpay's script, from its host, only once the guest reaches this step and only when live.
  const config = useSiteConfig().data;
  const liveKey = config?.paymentMode === 'razorpay' ? config.razorpayKeyId : undefined;
  useEffect(() => {
    if (liveKey) loadRazorpayScript();
  }, [liveKey]);

  // Each refused attempt moves focus to the banner that sums the problems up, once it is on screen.
  const [errorFocus, setErrorFocus] = useState(0);
  useEffect(() => {
    if (errorFocus > 0) document.getElementById('payment-errors')?.focus();
  }, [errorFocus]);
  const showProblem = (message: string) => {
    setProblems({});
    setOtherProblems([message]);
    setErrorFocus((count) => count + 1);
  };

  const prefill = {
    name: [guest.firstName, guest.lastName].filter(Boolean).join(' '),
    email: guest.email,
    contact: `${guest.countryCode}${guest.phone}`.replace(/[^\d+]/g, ''),
  };
  const payment = useOnlinePayment({ liveKey, prefill, onPaid: onBooked, onGatewayMissing: showProblem });
  const phase = payment.phase;
  const processing = create.isPending || releasing || phase.name === 'ordering' || phase.name === 'verifying' || phase.name === 'provider';

  const setGuest = (change: Partial<GuestForm>) => {
    update((current) => ({ ...current, guest: { ...current.guest, ...change } }));
    const changed = Object.keys(change) as Field[];
    if (changed.some((key) => problems[key]))
      setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !changed.includes(key as Field))));
  };

  /** A fresh start after a hold is gone: a new key, so the next Pay makes a new booking. */
  const keyRef = useRef(draft.idempotencyKey);
  const forgetHeldBooking = () => {
    keyRef.current = undefined;
    payment.close();
    update((current) => ({ ...current, awaitingPayment: undefined, idempotencyKey: undefined }));
  };

  // One key per booking attempt, kept in the draft: a double click, a retry or a reload books once.
  function book(totalAmount: number) {
    const idempotencyKey = (keyRef.current ??= newIdempotencyKey());
    if (draft.idempotencyKey !== idempotencyKey) update((current) => ({ ...current, idempotencyKey }));
    if (offline) {
      // Nothing is sent, so nothing can be half-done: the draft and its key wait for Retry.
      setFailure({ kind: 'unsent', message: NOT_SENT });
      return;
    }
    setFailure(undefined);
    setTooManyOpen(false);
    create.mutate(
      { ...bookingInput(draft, totalAmount), idempotencyKey },
      {
        onSuccess: (booking) => {
          if (booking.booking.payment_method !== 'razorpay') {
            onBooked(booking);
            return;
          }
          // Held for payment: from here on every Pay pays this booking.
          update((current) => ({ ...current, awaitingPayment: booking }));
          payment.start(booking);
        },
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
            const fresh = z.safeParse(quoteSchema, error.extra.quote);
            if (fresh.success) {
              if (request) queryClient.setQueryData(getStayQuoteQueryOptions(request).queryKey, fresh.data);
              setFailure({ kind: 'price', quote: fresh.data, message: error.message });
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
          // Too many bookings to pay at the property still unconfirmed: the server's words, and the way out.
          if (error.status === 429 && draft.paymentMethod === 'offline') {
            // This request booked nothing; the next one, made differently, needs its own key.
            keyRef.current = undefined;
            update((current) => ({ ...current, idempotencyKey: undefined }));
            setTooManyOpen(true);
          }
          const mapped = serverProblems(error.details);
          setProblems(mapped.fields);
          setOtherProblems(mapped.other.length ? mapped.other : Object.keys(mapped.fields).length ? [] : [error.message]);
          setErrorFocus((count) => count + 1);
        },
      },
    );
  }

  /** Gives the unpaid booking's hold back (nothing was charged), so the guest can change it and book again. */
  async function releaseHold() {
    if (!held) return;
    setReleasing(true);
    try {
      if (held.manageToken) await releaseHeldBooking(held.bookingReference, held.manageToken);
      setOtherProblems([]);
      forgetHeldBooking();
    } catch (error) {
      showProblem(
        isNetworkFailure(error)
          ? "We couldn't reach the resort to release the hold. Please try again."
          : error instanceof ApiError
            ? error.message
            : PAYMENT_FAILED,
      );
    } finally {
      setReleasing(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    if (held) {
      if (heldChanged) return;
      // The booking exists and is held: pay it, whatever is typed below (the form is locked).
      if (offline) {
        setFailure({ kind: 'unsent', message: NOT_SENT });
        return;
      }
      setOtherProblems([]);
      payment.start(held);
      return;
    }
    const found = guestProblems(guest);
    setProblems(found);
    setOtherProblems([]);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      setErrorFocus((count) => count + 1);
      return;
    }
    if (!quote.data) return;
    // Live, without Razorpay's script (blocked, or not loaded yet): say so before holding a villa for nothing.
    if (draft.paymentMethod === 'razorpay' && liveKey && typeof window.Razorpay !== 'function') {
      showProblem(paymentMessages.gatewayMissing);
      return;
    }
    book(quote.data.total);
  }

  /** Retry after a failure before the booking existed; once it exists, Retry pays it. */
  const retryBooking = () => {
    if (!draft.awaitingPayment) {
      if (quote.data) book(quote.data.total);
    } else if (offline) setFailure({ kind: 'unsent', message: NOT_SENT });
    else {
      setFailure(undefined);
      payment.start(draft.awaitingPayment);
    }
  };

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

  const total = held && !heldChanged ? held.booking.total_amount : quote.data?.total;
  const payOnline = held !== undefined || draft.paymentMethod === 'razorpay';
  const holdOver = held !== undefined && holdLeft === 0;
  const supportLink = (
    <a className="button button--secondary" href={frontDesk.href}>
      Call Support
    </a>
  );

  return (
    <form className="step step--payment" onSubmit={submit} noValidate aria-busy={processing}>
      <StepHeading description="Check your stay, tell us who is coming and how you'd like to pay.">Review and confirm</StepHeading>
      {messages.length > 0 && (
        <div className="banner banner--error" role="alert" id="payment-errors" tabIndex={-1}>
          <p>
            <strong>Please fix the following errors:</strong> {messages.join(', ')}
          </p>
          {tooManyOpen && draft.paymentMethod === 'offline' && (
            <p className="banner__actions">
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => {
                  update((current) => ({ ...current, paymentMethod: 'razorpay' }));
                  setTooManyOpen(false);
                  setOtherProblems([]);
                }}
              >
                Pay online instead
              </button>
            </p>
          )}
        </div>
      )}
      {held && (
        <AwaitingPayment
          held={held}
          changed={heldChanged}
          timeLeft={holdLeft}
          releasing={releasing}
          onRelease={() => void releaseHold()}
          onBookAgain={() => {
            setOtherProblems([]);
            forgetHeldBooking();
          }}
        />
      )}
      <BookingSummary draft={draft} quote={quote.data} isError={quote.isError} onRetry={() => void quote.refetch()} />

      <PaymentMethodTiles
        method={held ? 'razorpay' : draft.paymentMethod}
        onChange={(paymentMethod) => {
          update((current) => ({ ...current, paymentMethod }));
          setTooManyOpen(false);
        }}
        testMode={config?.paymentMode === 'test'}
        disabled={held !== undefined}
      />

      <fieldset className="panel" disabled={held !== undefined}>
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
          disabled={!guest.acceptTerms || processing || total === undefined || holdOver || heldChanged}
          aria-describedby={offline ? 'confirm-needs-connection' : undefined}
        >
          {processing ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" /> Processing...
            </>
          ) : payOnline ? (
            `Pay ${total === undefined ? 'now' : formatInr(total)}`
          ) : (
            `Confirm Booking${total === undefined ? '' : ` · ${formatInr(total)}`}`
          )}
        </button>
        {offline && (
          <p className="step-actions__note" id="confirm-needs-connection" data-testid="confirm-needs-connection">
            Confirming needs a connection. You're offline: nothing is booked until you're back, and your details are kept.
          </p>
        )}
      </StepActions>

      <TestCheckoutDialog
        order={phase.name === 'test-checkout' ? phase.order : undefined}
        holdExpiresAt={held?.booking.hold_expires_at}
        busy={phase.name === 'test-checkout' ? phase.busy : false}
        onPay={() => payment.payTest('success')}
        onFail={() => payment.payTest('failure')}
        onClose={payment.close}
      />
      <Dialog
        open={phase.name === 'failed'}
        title={paymentMessages.failedTitle}
        onClose={payment.close}
        description={phase.name === 'failed' ? phase.message : undefined}
        className="dialog--result dialog--failed"
      >
        <div className="payment-failed" data-testid="payment-failed">
          {held && !holdOver && <HoldCountdown expiresAt={held.booking.hold_expires_at} />}
          <p className="payment-failed__support muted">
            Need a hand? Our front desk is on <a href={frontDesk.href}>{frontDesk.phone}</a>.
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" data-autofocus onClick={payment.retry}>
              Try Again
            </button>
            {supportLink}
          </div>
        </div>
      </Dialog>
      <Dialog
        open={phase.name === 'hold-lost'}
        title={paymentMessages.failedTitle}
        onClose={payment.close}
        description={phase.name === 'hold-lost' ? phase.message : undefined}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            onClick={() => {
              setOtherProblems([]);
              forgetHeldBooking();
            }}
          >
            Book again
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'failed'}
        title={paymentMessages.failedTitle}
        onClose={() => setFailure(undefined)}
        description={failure?.message}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={retryBooking}>
            Try Again
          </button>
          {supportLink}
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
          <button type="button" className="button button--primary" data-autofocus onClick={retryBooking}>
            Retry
          </button>
          {supportLink}
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
