import type { Keys, Gsi1Keys } from '../keys.ts';

export const item = (id: string): Keys => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });

export const reference = (reference: string): Keys => ({ pk: `BOOKINGREF#${reference}`, sk: 'BOOKINGREF' });

export const byUser = (userId: string, createdAt: string): Gsi1Keys => ({
  gsi1pk: `USER#${userId}#BOOKINGS`,
  gsi1sk: createdAt,
});

export const byMonth = (createdAt: string, status: string) => ({
  gsi2pk: monthPartition(createdAt.slice(0, 7)),
  gsi2sk: `${status}#${createdAt}`,
});

/** The gsi2 partition of the bookings created in a month (yyyy-mm). */
export const monthPartition = (month: string): string => `BOOKINGS#${month}`;

/** gsi2 sort-key prefix of one status in a month partition. */
export const statusPrefix = (status: string): string => `${status}#`;

export const payment = (bookingId: string, paymentId: string): Keys => ({ pk: `BOOKING#${bookingId}`, sk: `PAYMENT#${paymentId}` });
