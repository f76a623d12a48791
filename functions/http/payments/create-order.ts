import { createOrderSchema, paymentMessages, PAYMENT_CURRENCY, type PaymentOrder } from '../../../shared/payments.ts';
import { longDate } from '../../../shared/booking-mail.ts';
import { getBooking, type StoredBooking } from '../../lib/db/bookings.ts';
import { attachOrderWrites, getOrder, type StoredOrder } from '../../lib/db/payments.ts';
import { transact, TransactionRefused } from '../../lib/db/transactions.ts';
import { conflict, HttpError, notFound } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { paymentKeys } from '../../lib/payments/payment-keys.ts';
import { PaymentProviderError } from '../../lib/payments/provider.ts';
import { stageProvider } from '../../lib/payments/stage-provider.ts';
import { log } from '../../lib/logger.ts';

const RESORT = 'Forest Resort';

/** The checkout notes (docs/product.md#online-payment): on the order at Razorpay and in the checkout's options alike. */
const notesOf = (booking: StoredBooking): PaymentOrder['notes'] => ({
  bookingReference: booking.booking_reference,
  villa: booking.cottage_name,
  checkIn: booking.check_in_date,
  checkOut: booking.check_out_date,
  guests: String(booking.adults + booking.children),
});

function checkout(booking: StoredBooking, order: StoredOrder, keys: { mode: 'live' | 'test'; keyId?: string }): PaymentOrder {
  return {
    orderId: order.orderId,
    amount: order.amount,
    currency: PAYMENT_CURRENCY,
    ...(keys.mode === 'live' && keys.keyId ? { keyId: keys.keyId } : {}),
    testMode: keys.mode === 'test',
    bookingId: booking.id,
    bookingReference: booking.booking_reference,
    name: RESORT,
    description: `${booking.cottage_name}, ${booking.nights} night${booking.nights === 1 ? '' : 's'} from ${longDate(booking.check_in_date)}`,
    notes: notesOf(booking),
    ...(booking.hold_expires_at ? { holdExpiresAt: booking.hold_expires_at } : {}),
  };
}

/**
 * POST /api/payments/create-order `{ bookingId }`: the provider's order for a booking on hold, for
 * the amount the server stored when it priced the booking (never one the browser sends). Asked
 * again, it answers with the same order; two requests at once create at most one stored order.
 * Anyone holding the booking id may ask, so the answer carries only what the checkout needs: no
 * name, e-mail or phone (the browser prefills the checkout from what the guest typed).
 */
export const handler = publicRoute('create-payment-order', { body: createOrderSchema }, async ({ body }) => {
  const now = Date.now();
  const booking = await getBooking(body.bookingId);
  if (!booking) throw notFound('Booking not found');
  const keys = await paymentKeys();
  const holdLapsed = booking.holdExpiresAtMs !== undefined && booking.holdExpiresAtMs < now;
  if (booking.order_id && !holdLapsed) {
    const existing = await getOrder(booking.order_id);
    if (existing && booking.payment_status === 'pending' && booking.status === 'pending') return checkout(booking, existing, keys);
  }
  if (booking.payment_method !== 'razorpay') throw conflict(paymentMessages.notOnline, undefined, { code: 'not_online' });
  if (booking.payment_status !== 'pending') throw conflict(paymentMessages.alreadyPaid, undefined, { code: 'already_paid' });
  if (booking.status !== 'pending' || holdLapsed) throw conflict(paymentMessages.holdExpired, undefined, { code: 'hold_expired' });

  const provider = await stageProvider();
  let created;
  try {
    created = await provider.createOrder({
      amount: Math.round(booking.total_amount * 100),
      currency: PAYMENT_CURRENCY,
      receipt: booking.booking_reference.slice(0, 40),
      notes: notesOf(booking),
    });
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      log.error('Creating the payment order failed', { bookingId: booking.id, status: error.status, code: error.code });
      throw new HttpError(502, 'The payment service did not answer. Please try again in a moment; your villa stays held meanwhile.');
    }
    throw error;
  }
  const order: StoredOrder = {
    orderId: created.id,
    bookingId: booking.id,
    amount: created.amount,
    currency: created.currency,
    created_at: new Date(now).toISOString(),
  };
  try {
    await transact(attachOrderWrites(booking, order));
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    // Another request attached its order first (or the booking moved on): answer with what is stored.
    const fresh = await getBooking(booking.id);
    const winner = fresh?.order_id ? await getOrder(fresh.order_id) : undefined;
    if (fresh && winner && fresh.status === 'pending' && fresh.payment_status === 'pending') return checkout(fresh, winner, keys);
    throw conflict(fresh?.payment_status === 'paid' ? paymentMessages.alreadyPaid : paymentMessages.holdExpired, undefined, {
      code: fresh?.payment_status === 'paid' ? 'already_paid' : 'hold_expired',
    });
  }
  return checkout({ ...booking, order_id: order.orderId }, order, keys);
});
