import type { PaymentRecord, RefundRecord } from '../../../shared/payments.ts';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { paymentStatusWrite, type StoredBooking } from './bookings.ts';
import { tableName } from './client.ts';
import * as bookingKeys from './keys/booking.ts';
import * as paymentKeys from './keys/payment.ts';
import { getItem, queryAll, queryPage, withoutStorageAttributes } from './query.ts';
import { transact } from './transactions.ts';
import { unpaidReleases } from './unpaid-owners.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Payments and refunds, stored beside their booking (`BOOKING#id`, `PAYMENT#pay_…` / `REFUND#rfnd_…`)
 * and listed for staff newest first on GSI1 (`PAYMENTS`). The provider's order points at its
 * booking (`ORDER#order_…`), so a checkout or a webhook naming only the order finds the booking.
 */
export type StoredOrder = { orderId: string; bookingId: string; amount: number; currency: string; created_at: string };

export async function getOrder(orderId: string): Promise<StoredOrder | undefined> {
  const item = await getItem(paymentKeys.order(orderId), true);
  if (!item) return undefined;
  return { orderId, bookingId: String(item.booking_id), amount: Number(item.amount), currency: String(item.currency), created_at: String(item.created_at) };
}

/**
 * Attaches an order to a booking still waiting for its payment, once: a second order for the same
 * booking fails the condition and the caller answers with the first.
 */
export function attachOrderWrites(booking: StoredBooking, order: StoredOrder) {
  return [
    {
      Update: {
        TableName: tableName,
        Key: bookingKeys.item(booking.id),
        UpdateExpression: 'SET order_id = :order',
        ConditionExpression: 'attribute_not_exists(order_id) AND #status = :pending AND payment_status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':order': order.orderId, ':pending': 'pending' },
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...paymentKeys.order(order.orderId),
          entity: 'order',
          order_id: order.orderId,
          booking_id: order.bookingId,
          amount: order.amount,
          currency: order.currency,
          created_at: order.created_at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

export function putPaymentWrite(payment: PaymentRecord & { user_id?: string }) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...bookingKeys.payment(payment.booking_id, payment.id), ...paymentKeys.listing(payment.created_at, payment.id), entity: 'payment', ...payment },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Binds a provider payment id to the order it settled, in the settling transaction: the same id
 * offered for another order fails this condition (a payment id belongs to one order).
 */
export function paymentOrderWrite(paymentId: string, orderId: string) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...paymentKeys.paymentOrder(paymentId), entity: 'payment-order', payment_id: paymentId, order_id: orderId },
      ConditionExpression: 'attribute_not_exists(pk) OR order_id = :order',
      ExpressionAttributeValues: { ':order': orderId },
    },
  };
}

/** The order a payment id settled, if any. */
export const orderOfPayment = async (paymentId: string): Promise<string | undefined> => {
  const item = await getItem(paymentKeys.paymentOrder(paymentId), true);
  return item ? String(item.order_id) : undefined;
};

/** The one record of money due at the property for a booking (written when its stay is confirmed). */
export const offlinePaymentId = (bookingId: string): string => `offline_${bookingId.replace(/-/g, '').slice(0, 14)}`;

/**
 * A pay-at-property booking's payment record, due at the property: written when the guest confirms
 * it, when staff confirm it, or with a phone booking staff type in (`recorded_by`).
 */
export const duePaymentWrite = (
  booking: { id: string; booking_reference: string; total_amount: number; user_id?: string | undefined },
  at: string,
  recordedBy?: string,
) =>
  putPaymentWrite({
    id: offlinePaymentId(booking.id),
    booking_id: booking.id,
    booking_reference: booking.booking_reference,
    method: 'offline',
    amount: booking.total_amount,
    currency: 'INR',
    status: 'pending',
    ...(recordedBy ? { recorded_by: recordedBy } : {}),
    created_at: at,
    ...(booking.user_id ? { user_id: booking.user_id } : {}),
  });

/** A cancelled booking owes nothing at the property: its due record is voided in the cancellation's own transaction. */
export function voidDuePaymentWrite(bookingId: string) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.payment(bookingId, offlinePaymentId(bookingId)),
      UpdateExpression: 'SET #status = :cancelled',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':cancelled': 'cancelled', ':pending': 'pending' },
    },
  };
}

/**
 * Staff record the money due at the property as taken (or set it back): the due record itself
 * changes, and is listed from the moment of the change, so the booking keeps one line for that money.
 */
export function takeDuePaymentWrite(bookingId: string, change: { status: PaymentRecord['status']; by: string; at: string; note?: string | undefined }) {
  const id = offlinePaymentId(bookingId);
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.payment(bookingId, id),
      UpdateExpression: `SET #status = :status, recorded_by = :by, updated_at = :at, gsi1sk = :listed${change.note ? ', note = :note' : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': change.status,
        ':by': change.by,
        ':at': change.at,
        ':listed': paymentKeys.listing(change.at, id).gsi1sk,
        ...(change.note ? { ':note': change.note } : {}),
      },
    },
  };
}

/** The booking's due-at-the-property record, whatever its status. */
export const getDuePayment = async (bookingId: string) => getItem(bookingKeys.payment(bookingId, offlinePaymentId(bookingId)), true);

/** Whether a booking has a due-at-the-property record still open. */
export async function hasDuePayment(bookingId: string): Promise<boolean> {
  return (await getItem(bookingKeys.payment(bookingId, offlinePaymentId(bookingId)), true))?.status === 'pending';
}

/**
 * A staff member's manual payment status change, with `audit`, in one transaction (TransactionRefused
 * when the status changed meanwhile). Money due at the property has its record already: that record
 * changes rather than a second line; any other booking gains a `manual` entry. Paid: the booking is
 * no longer one of its owners' unpaid stays. The booking as it now stands is returned.
 */
export async function recordManualPayment(
  booking: StoredBooking,
  change: { status: StoredBooking['payment_status']; by: string; at: string; note?: string | undefined },
  options: { hasDueRecord: boolean; audit: TransactItem },
): Promise<StoredBooking> {
  const leavesOwed = change.status === 'paid' && booking.owed_nights !== undefined;
  await transact([
    paymentStatusWrite(booking, { status: change.status, by: change.by, at: change.at, leavesOwed }),
    ...(leavesOwed ? unpaidReleases({ ...booking, open_hold: false }) : []),
    options.hasDueRecord
      ? takeDuePaymentWrite(booking.id, change)
      : putPaymentWrite({
          id: `manual_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
          booking_id: booking.id,
          booking_reference: booking.booking_reference,
          method: 'manual',
          amount: booking.total_amount,
          currency: 'INR',
          status: change.status,
          recorded_by: change.by,
          ...(change.note ? { note: change.note } : {}),
          created_at: change.at,
        }),
    options.audit,
  ]);
  const { owed_nights: _owed, ...rest } = booking;
  return { ...(leavesOwed ? rest : booking), payment_status: change.status, payment_updated_by: change.by, payment_updated_at: change.at };
}

/** The booking's payment, refunded in full. */
export function paymentRefundedWrite(bookingId: string, paymentId: string, at: string) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.payment(bookingId, paymentId),
      UpdateExpression: 'SET #status = :refunded, updated_at = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':refunded': 'refunded', ':at': at },
    },
  };
}

/** A refund's record, read strongly. */
export const getRefund = async (bookingId: string, refundId: string) => getItem(paymentKeys.refund(bookingId, refundId), true);

/**
 * The provider reports a refund processed: an upsert, as the report may come before our own record
 * of the refund is written (what that record sets first is kept).
 */
export function refundProcessedUpsert(
  booking: { id: string; booking_reference: string },
  refund: { id: string; paymentId: string; amount: number },
  at: string,
) {
  return {
    Update: {
      TableName: tableName,
      Key: paymentKeys.refund(booking.id, refund.id),
      UpdateExpression:
        'SET #status = :processed, processed_at = :at, entity = :entity, booking_id = :booking, booking_reference = :reference, payment_id = :payment, amount = :amount, created_at = if_not_exists(created_at, :at), reason = if_not_exists(reason, :reason), gsi1pk = :gsi1pk, gsi1sk = if_not_exists(gsi1sk, :gsi1sk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':processed': 'processed',
        ':at': at,
        ':entity': 'refund',
        ':booking': booking.id,
        ':reference': booking.booking_reference,
        ':payment': refund.paymentId,
        ':amount': refund.amount,
        ':reason': 'Refund processed by the payment provider',
        ':gsi1pk': paymentKeys.listPartition,
        ':gsi1sk': paymentKeys.listing(at, refund.id).gsi1sk,
      },
    },
  };
}

export function putRefundWrite(refund: RefundRecord) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...paymentKeys.refund(refund.booking_id, refund.id), ...paymentKeys.listing(refund.created_at, refund.id), entity: 'refund', ...refund },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Marks a webhook event handled, in the same transaction as what it does: a replay fails this and changes nothing. */
export function webhookEventWrite(eventId: string, event: string, now: number) {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...paymentKeys.webhookEvent(eventId),
        entity: 'webhook-event',
        event,
        received_at: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + 30 * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function webhookEventSeen(eventId: string): Promise<boolean> {
  return (await getItem(paymentKeys.webhookEvent(eventId), true)) !== undefined;
}

/** A booking's payments and refunds, oldest first. */
export async function paymentsOfBooking(bookingId: string): Promise<{ payments: PaymentRecord[]; refunds: RefundRecord[] }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': bookingKeys.item(bookingId).pk, ':from': 'PAYMENT#', ':to': 'REFUND#~' },
    ConsistentRead: true,
  });
  const byTime = (a: { created_at: string }, b: { created_at: string }) => a.created_at.localeCompare(b.created_at);
  return {
    payments: items
      .filter((item) => item.entity === 'payment')
      .map((item) => withoutStorageAttributes(item) as PaymentRecord)
      .sort(byTime),
    refunds: items
      .filter((item) => item.entity === 'refund')
      .map((item) => withoutStorageAttributes(item) as RefundRecord)
      .sort(byTime),
  };
}

export type PaymentListEntry = (PaymentRecord & { kind: 'payment' }) | (RefundRecord & { kind: 'refund' });

/** One page of payments and refunds, newest first; `cursor` continues where the last page stopped. */
export async function listPaymentsPage(options: {
  limit: number;
  cursor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): Promise<{ items: PaymentListEntry[]; cursor?: string }> {
  const range = options.from || options.to;
  const page = await queryPage({
    index: 'gsi1',
    partition: paymentKeys.listPartition,
    ...(range ? { sortKey: { between: [options.from ?? '0000', `${options.to ?? '9999'}~`] } } : {}),
    limit: options.limit,
    cursor: options.cursor,
  });
  const items = page.items.map((item) => ({ ...withoutStorageAttributes(item), kind: item.entity === 'refund' ? 'refund' : 'payment' }) as PaymentListEntry);
  return { items, ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** Every payment and refund in a time range (the stats read them whole; a resort's volume is small). */
export async function allPayments(from?: string, to?: string): Promise<PaymentListEntry[]> {
  const range = from || to;
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: range ? 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to' : 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': paymentKeys.listPartition, ...(range ? { ':from': from ?? '0000', ':to': `${to ?? '9999'}~` } : {}) },
  });
  return items.map((item) => ({ ...withoutStorageAttributes(item), kind: item.entity === 'refund' ? 'refund' : 'payment' }) as PaymentListEntry);
}
