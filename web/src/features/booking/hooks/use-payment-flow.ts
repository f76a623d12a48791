import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { paymentMessages } from '@shared/payment-rules';
import { ApiError } from '@/lib/api-client';
import { isNetworkFailure, useConnectivity } from '@/lib/connectivity';
import { useTimeLeft } from '@/lib/hold-time';
import { useSiteConfig } from '@/lib/use-site-config';
import { useCreateBooking } from '../api/create-booking';
import { getStayQuoteQueryOptions, useStayQuote } from '../api/get-stay-quote';
import { releaseHeldBooking } from '../api/payments';
import { quoteSchema, type CreatedBooking, type StayQuote } from '../api/schemas';
import { bookingInput, newIdempotencyKey } from '../lib/booking-request';
import { loadRazorpayScript } from '../lib/razorpay-checkout';
import type { Draft, GuestForm } from '../model/draft';
import { guestFieldOrder, guestProblems, serverProblems, type GuestField, type GuestProblems } from '../model/guest-problems';
import { heldMatchesDraft } from '../model/held-booking';
import { flowMessages } from '../model/payment-flow-messages';
import { useOnlinePayment } from './use-online-payment';
import { useProfilePrefill } from './use-profile-prefill';
import { quoteRequestOf } from './use-running-quote';
import { useWizard } from './wizard-context';

const PAYMENT_FAILED = paymentMessages.failedDefault;

/** `unsent`: the browser is offline, nothing went out. `lost`: no answer came (the booking may or may not be stored; Retry tells). */
export type BookingFailure =
  { kind: 'failed'; message: string } | { kind: 'price'; quote: StayQuote; message: string } | { kind: 'unsent' | 'lost'; message: string };

/**
 * Step 4's flow: the guest's details checked, the booking made once (one idempotency key per
 * attempt, whatever the retries), then, paid online, the held booking paid through the checkout;
 * and every way it can fail, said plainly. The step renders what this returns.
 */
export function usePaymentFlow({ onBooked }: { onBooked: (booking: CreatedBooking) => void }) {
  const { draft, update, goTo } = useWizard();
  const queryClient = useQueryClient();
  const request = quoteRequestOf(draft);
  const quote = useStayQuote(request);
  const create = useCreateBooking();
  const connection = useConnectivity();
  const offline = !connection.online && connection.reason === 'offline';
  useProfilePrefill();
  const [problems, setProblems] = useState<GuestProblems>({});
  const [otherProblems, setOtherProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<BookingFailure | undefined>();
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
    const changed = Object.keys(change) as GuestField[];
    if (changed.some((key) => problems[key]))
      setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !changed.includes(key as GuestField))));
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
      setFailure({ kind: 'unsent', message: flowMessages.notSent });
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
            setFailure({ kind: 'lost', message: flowMessages.noAnswer });
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
          }
          // A safari the server refused (its slot filled up, or it no longer runs at that time): back
          // to step 3 without it, saying why, where the guest picks another.
          const refusedSafari = Object.entries(error.details ?? {})
            .map(([key, messages]) => ({ index: /^selectedSafaris\.(\d+)\./.exec(key)?.[1], message: messages[0] ?? error.message }))
            .find((found) => found.index !== undefined);
          if (refusedSafari && (error.status === 409 || error.status === 400)) {
            update((current) => ({
              ...current,
              safaris: current.safaris.filter((_, at) => at !== Number(refusedSafari.index)),
              notice: refusedSafari.message,
            }));
            goTo(3);
            return;
          }
          if (error.status === 409) {
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
        setFailure({ kind: 'unsent', message: flowMessages.notSent });
        return;
      }
      setOtherProblems([]);
      payment.start(held);
      return;
    }
    const found = guestProblems(guest);
    setProblems(found);
    setOtherProblems([]);
    const first = guestFieldOrder.find((field) => found[field]);
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
    } else if (offline) setFailure({ kind: 'unsent', message: flowMessages.notSent });
    else {
      setFailure(undefined);
      payment.start(draft.awaitingPayment);
    }
  };

  /** The hold is gone (or given up): start over with the same details. */
  const bookAgain = () => {
    setOtherProblems([]);
    forgetHeldBooking();
  };

  /** Out of the "too many unpaid bookings" refusal: pay online instead. */
  const payOnlineInstead = () => {
    update((current) => ({ ...current, paymentMethod: 'razorpay' }));
    setTooManyOpen(false);
    setOtherProblems([]);
  };

  const choosePaymentMethod = (paymentMethod: Draft['paymentMethod']) => {
    update((current) => ({ ...current, paymentMethod }));
    setTooManyOpen(false);
  };

  const messages = [...guestFieldOrder.flatMap((field) => (problems[field] ? [problems[field]] : [])), ...otherProblems];

  return {
    draft,
    goTo,
    quote,
    testMode: config?.paymentMode === 'test',
    offline,
    problems,
    messages,
    tooManyOpen,
    failure,
    dismissFailure: () => setFailure(undefined),
    releasing,
    held,
    holdLeft,
    heldChanged,
    payment,
    processing,
    setGuest,
    book,
    releaseHold,
    submit,
    retryBooking,
    bookAgain,
    payOnlineInstead,
    choosePaymentMethod,
  };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
