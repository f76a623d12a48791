import { paymentMessages } from '../../../shared/payment-rules.ts';
import type { PaymentRecord } from '../../../shared/payments.ts';
import { changeBookingStatusWrites, fullRefundWrite, getBooking, needsAttentionWrite, type StoredBooking } from '../db/bookings.ts';
import { safaris } from '../db/catalogue.ts';
import { claimNight, claimSeats, keepNight, nightsStillOwned } from '../db/inventory.ts';
import { getOrder, orderOfPayment, paymentOrderWrite, putPaymentWrite, putRefundWrite, type StoredOrder } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import type { ProviderRefund } from './provider.ts';
import { stageProvider } from './stage-provider.ts';

/**
 * What happens to money that arrived: one function for the checkout's verify call and the
 * provider's `payment.captured` webhook, whichever comes first (the other then finds it done).
 *
 * - The booking still waits for it: one transaction records the payment, confirms the booking and
 *   makes its nights permanent (their hold is removed, only where this booking still owns them).
 * - The hold lapsed first (sweeper ran, or not yet): the nights and seats are claimed again, in the
 *   same kind of transaction, if they are still free.
 * - They were taken, the booking was cancelled meanwhile, or it was already paid by another payment:
 *   the payment is refunded in full through the provider and recorded with the refund, and the
 *   booking is flagged for staff. If the refund call fails, the payment is still recorded and
 *   flagged, and the error goes back to the caller (the webhook is then retried by the provider).
 * A guest whose payment arrived is never left without either the nights or the money.
 */
export type Captured = { orderId: string; paymentId: string; method?: string; source: 'checkout' | 'webhook' };
export type Settlement = { outcome: 'confirmed' | 'already-settled' | 'refunded'; booking: StoredBooking; payment: PaymentRecord };

const paymentOf = (
  booking: StoredBooking,
  order: StoredOrder,
  captured: Captured,
  status: PaymentRecord['status'],
  now: number,
): PaymentRecord & { user_id?: string } => ({
  id: captured.paymentId,
  booking_id: booking.id,
  booking_reference: booking.booking_reference,
  order_id: order.orderId,
  method: 'razorpay',
  amount: order.amount / 100,
  currency: order.currency,
  status,
  created_at: new Date(now).toISOString(),
  ...(booking.user_id ? { user_id: booking.user_id } : {}),
});

export async function settleCaptured(captured: Captured, now = Date.now()): Promise<Settlement> {
  const order = await getOrder(captured.orderId);
  const booking = order ? await getBooking(order.bookingId) : undefined;
  if (!order || !booking) throw new NotFoundError('No booking is waiting for this order');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = attempt === 0 ? booking : await getBooking(booking.id);
    if (!current) throw new NotFoundError('No booking is waiting for this order');
    const settled = await trySettle(current, order, captured, now);
    if (settled) return settled;
  }
  throw new Error(`The payment ${captured.paymentId} could not be settled: the booking kept changing`);
}

/** A payment id the provider already settled under another order: it never pays, nor is refunded, twice. */
const paymentOfAnotherOrder = (paymentId: string) => new ConflictError(paymentMessages.paymentElsewhere(paymentId), { extra: { code: 'payment_elsewhere' } });

/** One attempt; undefined when the booking changed under it (read it again and retry). */
async function trySettle(booking: StoredBooking, order: StoredOrder, captured: Captured, now: number): Promise<Settlement | undefined> {
  const bound = await orderOfPayment(captured.paymentId);
  if (bound !== undefined && bound !== order.orderId) throw paymentOfAnotherOrder(captured.paymentId);
  if (booking.payment_id === captured.paymentId) {
    const payment = paymentOf(booking, order, captured, booking.payment_status === 'refunded' ? 'refunded' : 'captured', now);
    return { outcome: booking.payment_status === 'refunded' ? 'refunded' : 'already-settled', booking, payment };
  }
  const payable = booking.payment_status === 'pending' && !booking.payment_id && (booking.status === 'pending' || booking.status === 'expired');
  if (!payable) {
    const reason =
      booking.status === 'cancelled'
        ? `Payment ${captured.paymentId} arrived for a booking already cancelled: refunded in full`
        : `Payment ${captured.paymentId} arrived for a booking already paid (${booking.payment_id ?? 'another payment'}): refunded in full`;
    return refundInFull(booking, order, captured, reason, now, false);
  }
  const paidAt = new Date(now).toISOString();
  const payment = paymentOf(booking, order, captured, 'captured', now);
  const changes = { payment_status: 'paid', payment_id: captured.paymentId, paid_at: paidAt, order_id: order.orderId };
  const unpaid = { condition: 'payment_status = :unpaid AND attribute_not_exists(payment_id)', values: { ':unpaid': 'pending' } };
  const owned = await nightsStillOwned(booking);
  const missing = owned.flatMap(({ cottageId, nights }) =>
    booking.claims.nights.filter((night) => !nights.includes(night)).map((night) => ({ cottageId, night })),
  );
  // The sweeper released the seats with the booking; a booking it has not reached still holds them.
  const seats =
    booking.status === 'expired'
      ? await Promise.all(
          booking.claims.seats
            .filter((claim) => claim.seats > 0)
            .map(async (claim) => {
              const safari = await safaris.get(claim.safariId);
              return claimSeats(claim.safariId, claim.date, claim.timeSlot, claim.seats, safari?.seats_per_slot ?? 0);
            }),
        )
      : [];
  const writes = [
    // The booking first (index 0 below); then the owners' unpaid holds it leaves.
    ...changeBookingStatusWrites(
      booking,
      'confirmed',
      [booking.status],
      booking.status === 'expired' ? { ...changes, rehold_after_expiry: paidAt } : changes,
      unpaid,
    ),
    ...owned.flatMap(({ cottageId, nights }) => nights.map((night) => keepNight(cottageId, night, booking.id))),
    // Lapsed nights nobody took are claimed again, for good this time.
    ...missing.map(({ cottageId, night }) => claimNight(cottageId, night, booking.id, now)),
    ...seats,
    paymentOrderWrite(captured.paymentId, order.orderId),
    putPaymentWrite(payment),
  ];
  try {
    await transact(writes);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    // The booking itself moved on (paid by the other path, cancelled), or the payment id was bound meanwhile: read again.
    if (error.failed.includes(0) || error.failed.includes(writes.length - 1) || error.failed.includes(writes.length - 2)) return undefined;
    // A night or a seat is someone else's now.
    return refundInFull(
      booking,
      order,
      captured,
      `Payment ${captured.paymentId} arrived after the hold lapsed and the villa or safari was taken: refunded in full`,
      now,
      true,
    );
  }
  const { holdExpiresAtMs: _hold, hold_expires_at: _holdIso, ...rest } = booking;
  return { outcome: 'confirmed', booking: { ...rest, ...changes, status: 'confirmed', payment_status: 'paid' } as StoredBooking, payment };
}

/** Sends the money back through the provider and records both, flagging the booking for staff. */
async function refundInFull(
  booking: StoredBooking,
  order: StoredOrder,
  captured: Captured,
  reason: string,
  now: number,
  lateForHold: boolean,
): Promise<Settlement | undefined> {
  const provider = await stageProvider();
  const at = new Date(now).toISOString();
  let refund: ProviderRefund;
  try {
    refund = await provider.refund(captured.paymentId, {
      amount: order.amount,
      receipt: `refund-${booking.booking_reference}`.slice(0, 40),
      notes: { bookingReference: booking.booking_reference, reason: reason.slice(0, 250) },
      // Retried (a webhook redelivery, a timeout) with the same key, the provider refunds once.
      idempotencyKey: `full-${captured.paymentId}`,
    });
  } catch (error) {
    // Record the money we hold and tell staff; the caller's error makes the provider retry the webhook.
    const flag = `${reason.replace(': refunded in full', '')}: the automatic refund FAILED, refund it by hand (${error instanceof Error ? error.message : String(error)})`;
    await transact([
      needsAttentionWrite(booking.id, flag),
      putPaymentWrite({ ...paymentOf(booking, order, captured, 'captured', now), error_description: flag.slice(0, 500) }),
    ]).catch((recordError: unknown) => {
      if (!(recordError instanceof TransactionRefused)) throw recordError;
    });
    throw error;
  }
  const payment = { ...paymentOf(booking, order, captured, 'refunded', now), updated_at: at };
  // Only a booking with no payment of its own takes this one's id and the refunded status; a
  // second payment of a paid booking leaves the booking's own payment as it is.
  const ownPayment = !booking.payment_id;
  try {
    await transact([
      fullRefundWrite(booking, {
        paymentId: captured.paymentId,
        amount: order.amount / 100,
        refundId: refund.id,
        refundStatus: refund.status,
        flag: reason,
        lateForHold,
      }),
      paymentOrderWrite(captured.paymentId, order.orderId),
      putPaymentWrite(payment),
      putRefundWrite({
        id: refund.id,
        booking_id: booking.id,
        booking_reference: booking.booking_reference,
        payment_id: captured.paymentId,
        amount: refund.amount / 100,
        status: refund.status,
        reason,
        created_at: at,
        ...(refund.status === 'processed' ? { processed_at: at } : {}),
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) return undefined;
    throw error;
  }
  const updated = ownPayment
    ? ({
        ...booking,
        payment_id: captured.paymentId,
        payment_status: 'refunded',
        refund_amount: order.amount / 100,
        refund_id: refund.id,
        refund_status: refund.status,
        needs_attention: reason,
      } as StoredBooking)
    : { ...booking, needs_attention: reason };
  return { outcome: 'refunded', booking: updated, payment };
}
