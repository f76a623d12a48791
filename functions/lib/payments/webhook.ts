import { paymentMessages } from '../../../shared/payment-rules.ts';
import type { PaymentRecord } from '../../../shared/payments.ts';
import { getBooking, needsAttentionWrite, refundProcessedWrite, type StoredBooking } from '../db/bookings.ts';
import {
  getOrder,
  orderOfPayment,
  paymentOrderWrite,
  paymentsOfBooking,
  putPaymentWrite,
  refundProcessedUpsert,
  webhookEventSeen,
  webhookEventWrite,
  type StoredOrder,
} from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { paymentKeys } from './payment-keys.ts';
import type { ProviderPayment, ProviderRefund } from './provider.ts';
import { verifyWebhookSignature } from './signatures.ts';
import { log } from '../logger.ts';

type WebhookBody = { event?: unknown; payload?: { payment?: { entity?: ProviderPayment }; refund?: { entity?: ProviderRefund } } };
export type WebhookResult = { event: string; result: 'handled' | 'replay' | 'ignored' };

/** Marks the event handled; a second delivery racing this one finds it marked, which is the same. */
async function markHandled(eventId: string, event: string, now: number, writes: Parameters<typeof transact>[0] = []): Promise<boolean> {
  try {
    await transact([...writes, webhookEventWrite(eventId, event, now)]);
    return true;
  } catch (error) {
    if (error instanceof TransactionRefused) return false;
    throw error;
  }
}

/** Why a signed capture cannot pay for its order: another amount or currency, or a payment id another order settled. */
function capturedMismatch(payment: ProviderPayment, order: StoredOrder, boundTo: string | undefined): string | undefined {
  if (boundTo !== undefined && boundTo !== order.orderId) return paymentMessages.paymentElsewhere(payment.id);
  if (payment.amount !== order.amount || payment.currency !== order.currency)
    return `Payment ${payment.id} captured ${payment.amount / 100} ${payment.currency} for order ${order.orderId} of ${order.amount / 100} ${order.currency}: the booking was not confirmed, check it with the provider`;
  return undefined;
}

/** The record of a provider payment as the webhook reported it, with what went wrong, if anything. */
const paymentRecord = (
  booking: StoredBooking,
  order: StoredOrder,
  payment: ProviderPayment,
  status: PaymentRecord['status'],
  problem: string | undefined,
  now: number,
): PaymentRecord & { user_id?: string } => ({
  id: payment.id,
  booking_id: booking.id,
  booking_reference: booking.booking_reference,
  order_id: order.orderId,
  method: 'razorpay',
  amount: payment.amount / 100,
  currency: payment.currency,
  status,
  ...(problem ? { error_description: problem.slice(0, 500) } : {}),
  created_at: new Date(now).toISOString(),
  ...(booking.user_id ? { user_id: booking.user_id } : {}),
});

/**
 * A capture that does not match its order is recorded as money received and flagged for staff; it
 * never confirms the booking. A payment id of another order is not recorded again (its money is there).
 */
async function flagPayment(order: StoredOrder, payment: ProviderPayment, flag: string, eventId: string, event: string, now: number) {
  const booking = await getBooking(order.bookingId);
  if (!booking) return markHandled(eventId, event, now);
  const ownOrder = (await orderOfPayment(payment.id)) ?? order.orderId;
  const record = paymentRecord(booking, order, payment, 'captured', flag, now);
  const writes = ownOrder === order.orderId ? [paymentOrderWrite(payment.id, order.orderId), putPaymentWrite(record)] : [];
  log.warn('Captured payment flagged', { eventId, bookingId: booking.id, paymentId: payment.id });
  if (!(await markHandled(eventId, event, now, [needsAttentionWrite(booking.id, flag), ...writes])))
    await markHandled(eventId, event, now, [needsAttentionWrite(booking.id, flag)]);
}

/**
 * The provider's webhook: the signature over the raw body is checked with the webhook secret first
 * (400 otherwise, nothing read). Each event id is handled once: a replay, or an event arriving after
 * a later one already settled things (a `payment.failed` after the capture), changes nothing.
 * Events for orders this stage did not create are acknowledged and ignored (2xx stops redelivery).
 */
export async function receiveWebhook(
  rawBody: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
  now = Date.now(),
): Promise<WebhookResult> {
  const keys = await paymentKeys();
  if (!verifyWebhookSignature(rawBody, signature, keys.webhookSecret)) throw new InvalidInputError('The webhook signature does not match');
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    throw new InvalidInputError('The webhook body is not JSON');
  }
  const event = typeof body.event === 'string' ? body.event : '';
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const eventId = eventIdHeader?.slice(0, 100) || `${event}:${refund?.id ?? payment?.id ?? 'unknown'}`;
  if (await webhookEventSeen(eventId)) return { event, result: 'replay' };

  const order = payment?.order_id ? await getOrder(payment.order_id) : undefined;
  if (!payment || !order) {
    await markHandled(eventId, event, now);
    log.warn('Webhook for an unknown order ignored', { event, eventId });
    return { event, result: 'ignored' };
  }
  switch (event) {
    case 'payment.captured': {
      const mismatch = capturedMismatch(payment, order, await orderOfPayment(payment.id));
      if (mismatch) {
        await flagPayment(order, payment, mismatch, eventId, event, now);
        return { event, result: 'handled' };
      }
      // Loaded when a capture arrives: the test checkout delivers only failures through this code.
      const { settleCaptured } = await import('./settle.ts');
      await settleCaptured({ orderId: order.orderId, paymentId: payment.id, method: payment.method, source: 'webhook' }, now);
      await markHandled(eventId, event, now);
      return { event, result: 'handled' };
    }
    case 'payment.failed': {
      const booking = await getBooking(order.bookingId);
      if (!booking) return { event, result: 'ignored' };
      const failed = paymentRecord(booking, order, payment, 'failed', payment.error_description ? String(payment.error_description) : undefined, now);
      // The attempt is recorded once; the booking is untouched (the guest may try again while the hold lasts).
      const recorded = await markHandled(eventId, event, now, [putPaymentWrite(failed)]);
      if (!recorded) await markHandled(eventId, event, now);
      return { event, result: 'handled' };
    }
    case 'refund.processed': {
      if (!refund) return { event, result: 'ignored' };
      const at = new Date(now).toISOString();
      const booking = await getBooking(order.bookingId);
      if (!booking) return { event, result: 'ignored' };
      // A refund never exceeds what was paid: the payment's amount, less its other refunds.
      const { payments, refunds } = await paymentsOfBooking(booking.id);
      const paid = payments.find((entry) => entry.id === payment.id && entry.status !== 'failed')?.amount ?? 0;
      const refundedBefore = refunds.filter((entry) => entry.payment_id === payment.id && entry.id !== refund.id && entry.status !== 'failed');
      const room = Math.round((paid - refundedBefore.reduce((total, entry) => total + entry.amount, 0)) * 100);
      if (refund.amount > room) {
        const flag = `Refund ${refund.id} of ${refund.amount / 100} ${refund.currency ?? 'INR'} reported for payment ${payment.id}, which has only ${room / 100} left to refund: not recorded, check it with the provider`;
        await markHandled(eventId, event, now, [needsAttentionWrite(booking.id, flag)]);
        log.warn('Refund larger than the payment flagged', { eventId, bookingId: booking.id });
        return { event, result: 'handled' };
      }
      // An upsert: the refund may be reported before our own record of it is written.
      const writes: Parameters<typeof transact>[0] = [
        refundProcessedUpsert(booking, { id: refund.id, paymentId: payment.id, amount: refund.amount / 100 }, at),
      ];
      if (booking.refund_id === refund.id && booking.refund_status !== 'processed') writes.push(refundProcessedWrite(booking.id, refund.id));
      if (!(await markHandled(eventId, event, now, writes))) await markHandled(eventId, event, now);
      return { event, result: 'handled' };
    }
    default:
      await markHandled(eventId, event, now);
      return { event, result: 'ignored' };
  }
}
