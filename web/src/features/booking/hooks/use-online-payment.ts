import { useCallback, useEffect, useRef, useState } from 'react';
import { paymentMessages } from '@shared/payment-rules';
import type { PaymentOrder, VerifyPaymentRequest } from '@shared/payments';
import { ApiError } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/connectivity';
import { createPaymentOrder, getHeldBooking, runTestCheckout, verifyPayment } from '../api/payments';
import type { CreatedBooking } from '../api/schemas';
import type { TestCheckoutBusy } from '../components/test-checkout-dialog';
import { flowMessages } from '../model/payment-flow-messages';
import { openRazorpayCheckout, type CheckoutPrefill } from '../lib/razorpay-checkout';

export type PaymentPhase =
  | { name: 'idle' }
  /** create-order, on its way. */
  | { name: 'ordering' }
  /** The test provider's dialog is open (test mode); `busy` while its Pay or Fail is on its way. */
  | { name: 'test-checkout'; order: PaymentOrder; busy: TestCheckoutBusy }
  /** Razorpay's checkout is open (live). */
  | { name: 'provider'; order: PaymentOrder }
  | { name: 'verifying' }
  /** 'Payment Failed' (docs/product.md#online-payment): Try Again pays the same booking (or re-sends the proof of a payment made). */
  | { name: 'failed'; message: string; verifyAgain?: VerifyPaymentRequest }
  /** The booking can no longer be paid (its hold ran out, or was lost while paying): a new booking is needed. */
  | { name: 'hold-lost'; message: string };

function failureMessage(error: unknown, noAnswer: string): string {
  if (isNetworkFailure(error)) return noAnswer;
  if (error instanceof ApiError && error.status < 500) return error.message;
  return paymentMessages.failedDefault;
}

/**
 * Paying a booking online, once it is made: an order from the server, then the checkout (the test
 * provider's dialog in test mode, Razorpay's when live), then the server's verification, which
 * confirms the booking. Every retry pays the same booking with the same order.
 */
export function useOnlinePayment({
  liveKey,
  prefill,
  onPaid,
  onGatewayMissing,
}: {
  /** Razorpay's key id from the site config, when the order does not carry one. */
  liveKey: string | undefined;
  /** The guest's name, e-mail and phone for the checkout, from the form. */
  prefill: CheckoutPrefill;
  /** The booking, confirmed and paid. */
  onPaid: (booking: CreatedBooking) => void;
  /** Razorpay's script is not on the page: nothing was opened. */
  onGatewayMissing: (message: string) => void;
}) {
  const [phase, setPhase] = useState<PaymentPhase>({ name: 'idle' });
  const booking = useRef<CreatedBooking | undefined>(undefined);
  const callbacks = useRef({ liveKey, prefill, onPaid, onGatewayMissing });
  useEffect(() => {
    callbacks.current = { liveKey, prefill, onPaid, onGatewayMissing };
  });

  const verify = useCallback((response: VerifyPaymentRequest) => {
    const paying = booking.current;
    if (!paying) return;
    setPhase({ name: 'verifying' });
    verifyPayment(response).then(
      (paid) => {
        setPhase({ name: 'idle' });
        callbacks.current.onPaid({ ...paying, booking: paid });
      },
      (error: unknown) => {
        // 409: the hold was lost while paying; the server's message says so, and that the money is refunded.
        if (error instanceof ApiError && error.status === 409) setPhase({ name: 'hold-lost', message: error.message });
        else if (isNetworkFailure(error) || !(error instanceof ApiError) || error.status >= 500)
          setPhase({ name: 'failed', message: isNetworkFailure(error) ? flowMessages.notVerified : paymentMessages.failedDefault, verifyAgain: response });
        else setPhase({ name: 'failed', message: error.message });
      },
    );
  }, []);

  const openCheckout = useCallback(
    (order: PaymentOrder) => {
      if (order.testMode) {
        setPhase({ name: 'test-checkout', order, busy: false });
        return;
      }
      const key = order.keyId ?? callbacks.current.liveKey;
      const opened = key
        ? openRazorpayCheckout(order, key, callbacks.current.prefill, {
            onPaid: verify,
            onFailed: (message) => setPhase({ name: 'failed', message }),
            onDismissed: () => setPhase({ name: 'idle' }),
          })
        : ({ opened: false, message: paymentMessages.gatewayMissing } as const);
      if (opened.opened) setPhase({ name: 'provider', order });
      else {
        setPhase({ name: 'idle' });
        callbacks.current.onGatewayMissing(opened.message);
      }
    },
    [verify],
  );

  /**
   * A 409 from the payment API: the booking can no longer be paid. Paid already (an answer that
   * never reached this phone): the booking as it now is, confirmed. Otherwise its hold is gone.
   */
  const refused = useCallback(async (error: ApiError) => {
    const paying = booking.current;
    if (error.message === paymentMessages.alreadyPaid && paying?.manageToken) {
      try {
        const paid = await getHeldBooking(paying.bookingReference, paying.manageToken);
        setPhase({ name: 'idle' });
        callbacks.current.onPaid({ ...paying, booking: paid });
        return;
      } catch {
        // The message then: the booking is paid, and the e-mail's link shows it.
      }
    }
    setPhase({ name: 'hold-lost', message: error.message });
  }, []);

  /** Pays `created` (just made, or made earlier and still held): its order, then the checkout. */
  const start = useCallback(
    (created: CreatedBooking) => {
      booking.current = created;
      setPhase({ name: 'ordering' });
      createPaymentOrder(created.booking.id).then(openCheckout, (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) void refused(error);
        else setPhase({ name: 'failed', message: failureMessage(error, flowMessages.notStarted) });
      });
    },
    [openCheckout, refused],
  );

  /** The test dialog's Pay or Fail. */
  const payTest = useCallback(
    (outcome: 'success' | 'failure') => {
      if (phase.name !== 'test-checkout' || phase.busy) return;
      setPhase({ ...phase, busy: outcome });
      runTestCheckout(phase.order.orderId, outcome).then(
        (result) => {
          if (result.ok) verify(result.response);
          else setPhase({ name: 'failed', message: result.error.description || paymentMessages.failedDefault });
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 409) void refused(error);
          else setPhase({ name: 'failed', message: failureMessage(error, flowMessages.notStarted) });
        },
      );
    },
    [phase, refused, verify],
  );

  /** Try Again: the same proof again if the payment went through, else the same booking's checkout. */
  const retry = useCallback(() => {
    if (phase.name !== 'failed') return;
    if (phase.verifyAgain) verify(phase.verifyAgain);
    else if (booking.current) start(booking.current);
  }, [phase, start, verify]);

  const close = useCallback(() => setPhase({ name: 'idle' }), []);

  return { phase, start, payTest, retry, close };
}
