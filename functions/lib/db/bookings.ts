import type { BookingRecord } from '../../../shared/booking.ts';
import type { Quote } from '../../../shared/quote.ts';
import * as bookingKeys from './keys/booking.ts';
import * as idempotencyKeys from './keys/idempotency.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { getItem, queryAll, updateExpression, withoutStorageAttributes } from './query.ts';
import { unpaidReleases } from './unpaid-owners.ts';

/** Booking ids are random UUIDs. */
export const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Internal fields kept beside the public record: what the booking holds, to release it exactly. */
export type StoredBooking = BookingRecord & {
  holdExpiresAtMs?: number;
  /** The quote as charged, kept so a replayed request answers exactly as the first did. */
  quote?: Quote;
  /** SHA-256 of the manage-booking link's secret (functions/lib/bookings/manage-token.ts). */
  manageTokenHash?: string;
  /** On an unpaid hold (online or pay at property): counted in its owners' holds (unpaid-owners.ts). */
  open_hold?: boolean;
  /** Pay at property, not yet paid: its room-nights, counted in its owners' unpaid stays (unpaid-owners.ts). */
  owed_nights?: number;
  /** The address it was booked from (one of those owners); never shown. */
  client_address?: string;
  claims: { cottageIds: string[]; nights: string[]; seats: Array<{ safariId: string; date: string; timeSlot: string; seats: number }> };
};

export function toPublicBooking(booking: StoredBooking): BookingRecord {
  const {
    claims: _claims,
    holdExpiresAtMs: _hold,
    quote: _quote,
    manageTokenHash: _manage,
    open_hold: _open,
    owed_nights: _owed,
    client_address: _address,
    ...record
  } = booking;
  return record;
}

const bookingItem = (booking: StoredBooking) => ({
  ...bookingKeys.item(booking.id),
  ...(booking.user_id ? bookingKeys.byUser(booking.user_id, booking.created_at) : {}),
  ...bookingKeys.byMonth(booking.created_at, booking.status),
  entity: 'booking',
  ...booking,
});

/** The writes that create a booking: the booking, its unique reference, and the idempotency record. */
export function createBookingWrites(booking: StoredBooking, idempotency?: { key: string; requestHash: string; manageToken: string }) {
  const writes: Array<Record<string, unknown>> = [
    { Put: { TableName: tableName, Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName,
        Item: { ...bookingKeys.reference(booking.booking_reference), entity: 'booking-reference', bookingId: booking.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (idempotency) {
    writes.push({
      Put: {
        TableName: tableName,
        Item: {
          ...idempotencyKeys.item('create-booking', idempotency.key),
          entity: 'idempotency',
          requestHash: idempotency.requestHash,
          // The link's token itself, kept only as long as a retry may ask for the first answer again.
          manageToken: idempotency.manageToken,
          bookingId: booking.id,
          // Kept a day: long enough for any client retry, short enough not to pile up.
          expiresAt: Math.floor(Date.parse(booking.created_at) / 1000) + 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  return writes;
}

/**
 * Moves a booking to a new status, only from one of the statuses it may leave: the booking's update
 * first, then the owners' counts it leaves (every status change ends its hold and its unpaid stay).
 */
export function changeBookingStatusWrites(
  booking: StoredBooking,
  status: BookingRecord['status'],
  from: BookingRecord['status'][],
  changes: Record<string, unknown> = {},
  /** A further condition (its own `:names`), e.g. that the booking is still unpaid. */
  also?: { condition: string; values: Record<string, unknown> },
) {
  const allowed = Object.fromEntries(from.map((value, index) => [`:from${index}`, value]));
  const update = {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(booking.id),
      // A status change ends any hold: the hold's fields go (undefined is REMOVE).
      ...updateExpression(
        {
          ...changes,
          status,
          gsi2sk: bookingKeys.byMonth(booking.created_at, status).gsi2sk,
          holdExpiresAtMs: undefined,
          hold_expires_at: undefined,
          open_hold: undefined,
          owed_nights: undefined,
        },
        {
          // The owners' counts this booking was read with are taken back by the caller (unpaid-owners.ts
          // `unpaidReleases`): only if the booking still carries them, so they are taken back once.
          expression: [
            `#status IN (${Object.keys(allowed).join(', ')})`,
            ...(booking.open_hold ? ['attribute_exists(open_hold)'] : []),
            ...(booking.owed_nights !== undefined ? ['attribute_exists(owed_nights)'] : []),
            ...(also ? [`(${also.condition})`] : []),
          ].join(' AND '),
          names: { '#status': 'status' },
          values: { ...allowed, ...also?.values },
        },
      ),
    },
  };
  return [update, ...unpaidReleases(booking)];
}

const fromItem = (item: Record<string, unknown>): StoredBooking => withoutStorageAttributes(item) as StoredBooking;

export async function getBooking(id: string): Promise<StoredBooking | undefined> {
  const item = await getItem(bookingKeys.item(id), true);
  return item ? fromItem(item) : undefined;
}

/** The id read when a reference is unknown: the nil UUID, which randomUUID (version 4) never returns. */
const ABSENT_BOOKING_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The booking a reference points at. An unknown reference does the same work as a known one (the
 * pointer, then a consistent GetItem of a booking: of a fixed id that never exists), so the time
 * and the calls of a lookup do not tell whether a reference exists.
 */
export async function getBookingByReference(reference: string): Promise<StoredBooking | undefined> {
  const pointer = await getItem(bookingKeys.reference(reference));
  const booking = await getBooking(typeof pointer?.bookingId === 'string' ? pointer.bookingId : ABSENT_BOOKING_ID);
  return pointer ? booking : undefined;
}

export async function getIdempotencyRecord(key: string): Promise<{ requestHash: string; bookingId: string; manageToken: string } | undefined> {
  const item = await getItem(idempotencyKeys.item('create-booking', key), true);
  return item ? { requestHash: String(item.requestHash), bookingId: String(item.bookingId), manageToken: String(item.manageToken ?? '') } : undefined;
}

export async function listBookingsOfUser(userId: string): Promise<StoredBooking[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': bookingKeys.byUser(userId, '').gsi1pk },
    ScanIndexForward: false,
  });
  return items.map(fromItem);
}

/** Pending bookings created in the given months whose payment hold has passed. */
export async function expiredHolds(months: string[], now: number): Promise<StoredBooking[]> {
  const results = await Promise.all(
    months.map((month) =>
      queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :pending)',
        FilterExpression: 'holdExpiresAtMs < :now',
        ExpressionAttributeValues: { ':pk': bookingKeys.monthPartition(month), ':pending': bookingKeys.statusPrefix('pending'), ':now': now },
      }),
    ),
  );
  return results.flat().map(fromItem);
}

/** Where a walk over one status of a month partition stopped: the gsi2 key of the last booking taken. */
export type MonthPosition = { pk: string; sk: string; gsi2pk: string; gsi2sk: string };

/** The position of a booking read from a month partition, to continue after it. */
export const positionOf = (item: Record<string, unknown>): MonthPosition => ({
  pk: String(item.pk),
  sk: String(item.sk),
  gsi2pk: String(item.gsi2pk),
  gsi2sk: String(item.gsi2sk),
});

/**
 * Up to `limit` bookings of one status made in a month (yyyy-mm), newest first, after `after`, and
 * made at or before `upTo` (a created_at) when given; `more` when the partition may hold further
 * ones. Items keep their key attributes (positionOf).
 */
export async function bookingsOfMonth(
  month: string,
  status: string,
  limit: number,
  after?: MonthPosition,
  upTo?: string,
): Promise<{ items: Array<Record<string, unknown>>; more: boolean }> {
  const prefix = bookingKeys.statusPrefix(status);
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: upTo === undefined ? 'gsi2pk = :pk AND begins_with(gsi2sk, :status)' : 'gsi2pk = :pk AND gsi2sk BETWEEN :status AND :upTo',
      ExpressionAttributeValues: {
        ':pk': bookingKeys.monthPartition(month),
        ':status': prefix,
        ...(upTo === undefined ? {} : { ':upTo': `${prefix}${upTo}` }),
      },
      ScanIndexForward: false,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: after } : {}),
    }),
  );
  return { items: page.Items ?? [], more: Boolean(page.LastEvaluatedKey) };
}

/** Whether any booking (of any status) was made in a month: one item read, to skip empty months. */
export async function monthHasBookings(month: string): Promise<boolean> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': bookingKeys.monthPartition(month) },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (page.Items?.length ?? 0) > 0;
}

/** Status and villa of every booking made in a month: what the dashboard counts (a projection, not the bookings). */
export async function monthSummary(month: string): Promise<Array<{ status: string; cottage_type: string; cottage_name: string }>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': bookingKeys.monthPartition(month) },
    ProjectionExpression: '#status, cottage_type, cottage_name',
    ExpressionAttributeNames: { '#status': 'status' },
  });
  return items.map((item) => ({ status: String(item.status), cottage_type: String(item.cottage_type), cottage_name: String(item.cottage_name) }));
}

export const toStoredBooking = fromItem;
