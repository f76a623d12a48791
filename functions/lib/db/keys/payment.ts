import type { Keys, Gsi1Keys } from '../keys.ts';

/** Payments: the provider's order points at its booking; payments and refunds live in the booking's partition. */
export const refund = (bookingId: string, refundId: string): Keys => ({ pk: `BOOKING#${bookingId}`, sk: `REFUND#${refundId}` });

export const order = (orderId: string): Keys => ({ pk: `ORDER#${orderId}`, sk: 'ORDER' });

/** Which order a provider payment id settled: a payment id belongs to one order, once. */
export const paymentOrder = (paymentId: string): Keys => ({ pk: `PAYID#${paymentId}`, sk: 'PAYID' });

/** Every payment and refund, newest first, for the staff list and its stats. */
export const listing = (createdAt: string, id: string): Gsi1Keys => ({ gsi1pk: 'PAYMENTS', gsi1sk: `${createdAt}#${id}` });

export const listPartition = 'PAYMENTS';

/** A provider webhook event already handled (`x-razorpay-event-id`): a replay finds it and does nothing. */
export const webhookEvent = (eventId: string): Keys => ({ pk: `WEBHOOK#${eventId}`, sk: 'WEBHOOK' });
