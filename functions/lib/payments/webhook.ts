import type { PaymentRecord } from '../../../shared/payments.ts';
import { getBooking } from '../db/bookings.ts';
import { tableName } from '../db/client.ts';
import * as bookingKeys from '../db/keys/booking.ts';
import * as paymentItemKeys from '../db/keys/payment.ts';
import { getOrder, putPaymentWrite, webhookEventSeen, webhookEventWrite } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { badRequest } from '../http/errors.ts';
import { paymentKeys } from './payment-keys.ts';
import type { ProviderPayment, ProviderRefund } from './provider.ts';
import { settleCaptured } from './settle.ts';
import { verifyWebhookSignature } from './signatures.ts';

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
  if (!verifyWebhookSignature(rawBody, signature, keys.webhookSecret)) throw badRequest('The webhook signature does not match');
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  const event = typeof body.event === 'string' ? body.event : '';
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const eventId = eventIdHeader?.slice(0, 100) || `${event}:${refund?.id ?? payment?.id ?? 'unknown'}`;
  if (await webhookEventSeen(eventId)) return { event, result: 'replay' };

  const order = payment?.order_id ? await getOrder(payment.order_id) : undefined;
  if (!payment || !order) {
    await markHandled(eventId, event, now);
    console.warn(JSON.stringify({ level: 'warn', message: 'Webhook for an unknown order ignored', event, eventId }));
    return { event, result: 'ignored' };
  }
  switch (event) {
    case 'payment.captured': {
      await settleCaptured({ orderId: order.orderId, paymentId: payment.id, method: payment.method, source: 'webhook' }, now);
      await markHandled(eventId, event, now);
      return { event, result: 'handled' };
    }
    case 'payment.failed': {
      const booking = await getBooking(order.bookingId);
      if (!booking) return { event, result: 'ignored' };
      const failed: PaymentRecord & { user_id?: string } = {
        id: payment.id,
        booking_id: booking.id,
        booking_reference: booking.booking_reference,
        order_id: order.orderId,
        method: 'razorpay',
        amount: payment.amount / 100,
        currency: payment.currency,
        status: 'failed',
        ...(payment.error_description ? { error_description: String(payment.error_description).slice(0, 500) } : {}),
        created_at: new Date(now).toISOString(),
        ...(booking.user_id ? { user_id: booking.user_id } : {}),
      };
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
      // An upsert: the refund may be reported before our own record of it is written.
      const writes: Parameters<typeof transact>[0] = [
        {
          Update: {
            TableName: tableName,
            Key: paymentItemKeys.refund(booking.id, refund.id),
            UpdateExpression:
              'SET #status = :processed, processed_at = :at, entity = :entity, booking_id = :booking, booking_reference = :reference, payment_id = :payment, amount = :amount, created_at = if_not_exists(created_at, :at), reason = if_not_exists(reason, :reason), gsi1pk = :gsi1pk, gsi1sk = if_not_exists(gsi1sk, :gsi1sk)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':processed': 'processed',
              ':at': at,
              ':entity': 'refund',
              ':booking': booking.id,
              ':reference': booking.booking_reference,
              ':payment': payment.id,
              ':amount': refund.amount / 100,
              ':reason': 'Refund processed by the payment provider',
              ':gsi1pk': paymentItemKeys.listPartition,
              ':gsi1sk': paymentItemKeys.listing(at, refund.id).gsi1sk,
            },
          },
        },
      ];
      if (booking.refund_id === refund.id && booking.refund_status !== 'processed') {
        writes.push({
          Update: {
            TableName: tableName,
            Key: bookingKeys.item(booking.id),
            UpdateExpression: 'SET refund_status = :processed',
            ConditionExpression: 'refund_id = :refund',
            ExpressionAttributeValues: { ':processed': 'processed', ':refund': refund.id },
          },
        });
      }
      if (!(await markHandled(eventId, event, now, writes))) await markHandled(eventId, event, now);
      return { event, result: 'handled' };
    }
    default:
      await markHandled(eventId, event, now);
      return { event, result: 'ignored' };
  }
}
