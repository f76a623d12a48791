import type { BookingRecord } from '../../../shared/booking.ts';
import type { Quote } from '../../../shared/quote.ts';
import * as bookingKeys from './keys/booking.ts';
import * as idempotencyKeys from './keys/idempotency.ts';
import { tableName } from './client.ts';
import { batchGetAll, getItem, queryAll, updateExpression, withoutStorageAttributes } from './query.ts';
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

/**
 * Stored attributes are snake_case, as the wire record's are; the internals keep their TypeScript
 * names in code and are renamed here. The quote is a wire object: stored as the wire names it.
 */
export const bookingItem = (booking: StoredBooking) => {
  const { holdExpiresAtMs, manageTokenHash, claims, ...record } = booking;
  return {
    ...bookingKeys.item(booking.id),
    ...(booking.user_id ? bookingKeys.byUser(booking.user_id, booking.created_at) : {}),
    ...bookingKeys.byMonth(booking.created_at, booking.status),
    entity: 'booking',
    ...record,
    ...(holdExpiresAtMs === undefined ? {} : { hold_expires_at_ms: holdExpiresAtMs }),
    ...(manageTokenHash === undefined ? {} : { manage_token_hash: manageTokenHash }),
    claims: {
      cottage_ids: claims.cottageIds,
      nights: claims.nights,
      seats: claims.seats.map((seat) => ({ safari_id: seat.safariId, date: seat.date, time_slot: seat.timeSlot, seats: seat.seats })),
    },
  };
};

type StoredClaims = { cottage_ids: string[]; nights: string[]; seats: Array<{ safari_id: string; date: string; time_slot: string; seats: number }> };

const fromItem = (item: Record<string, unknown>): StoredBooking => {
  const { hold_expires_at_ms, manage_token_hash, claims, ...record } = withoutStorageAttributes(item);
  const stored = claims as Partial<StoredClaims> | undefined;
  return {
    ...(record as BookingRecord),
    ...(typeof hold_expires_at_ms === 'number' ? { holdExpiresAtMs: hold_expires_at_ms } : {}),
    ...(typeof manage_token_hash === 'string' ? { manageTokenHash: manage_token_hash } : {}),
    // A damaged item reads as it is (its release then fails where it is handled, one booking at a time).
    claims: {
      cottageIds: stored?.cottage_ids,
      nights: stored?.nights,
      seats: stored?.seats?.map((seat) => ({ safariId: seat.safari_id, date: seat.date, timeSlot: seat.time_slot, seats: seat.seats })),
    } as StoredBooking['claims'],
  };
};

/** The writes that create a booking: the booking, its unique reference, and the idempotency record. */
export function createBookingWrites(booking: StoredBooking, idempotency?: { key: string; requestHash: string; manageToken?: string | undefined }) {
  const writes: Array<Record<string, unknown>> = [
    { Put: { TableName: tableName, Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName,
        Item: { ...bookingKeys.reference(booking.booking_reference), entity: 'booking-reference', booking_id: booking.id },
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
          request_hash: idempotency.requestHash,
          // The link's token itself, kept only as long as a retry may ask for the first answer again.
          ...(idempotency.manageToken === undefined ? {} : { manage_token: idempotency.manageToken }),
          booking_id: booking.id,
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
          hold_expires_at_ms: undefined,
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

/**
 * Staff change a booking's payment status by hand, only from the status they saw. Paid ends its
 * unpaid stay (`leavesOwed`): the mark goes in the same update, conditioned on it still being
 * there, so its owners' counts are taken back once.
 */
export function paymentStatusWrite(booking: StoredBooking, change: { status: string; by: string; at: string; leavesOwed: boolean }) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(booking.id),
      UpdateExpression: `SET payment_status = :status, payment_updated_by = :by, payment_updated_at = :at${change.leavesOwed ? ' REMOVE owed_nights' : ''}`,
      ConditionExpression: `payment_status = :was${change.leavesOwed ? ' AND attribute_exists(owed_nights)' : ''}`,
      ExpressionAttributeValues: { ':status': change.status, ':by': change.by, ':at': change.at, ':was': booking.payment_status },
    },
  };
}

/**
 * The guest confirms a pay-at-property hold from the e-mail: its hold ends (and, once, its mark
 * among its owners' holds), only while it is still pending, unexpired and unconfirmed.
 */
export function guestConfirmWrite(booking: StoredBooking, at: string, now: number) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(booking.id),
      UpdateExpression: 'SET guest_confirmed_at = :at REMOVE hold_expires_at_ms, hold_expires_at, open_hold',
      ConditionExpression: `#status = :pending AND hold_expires_at_ms >= :now AND attribute_not_exists(guest_confirmed_at)${booking.open_hold ? ' AND attribute_exists(open_hold)' : ''}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': at, ':pending': 'pending', ':now': now },
    },
  };
}

/** A cancelled booking names its refund, once; everything paid went back (`full`): its payment is refunded (a part refund leaves it paid). */
export function refundRecordedWrite(bookingId: string, refund: { id: string; status: string; full: boolean }) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(bookingId),
      UpdateExpression: `SET refund_id = :refund, refund_status = :status${refund.full ? ', payment_status = :refunded' : ''}`,
      ConditionExpression: 'attribute_not_exists(refund_id)',
      ExpressionAttributeValues: { ':refund': refund.id, ':status': refund.status, ...(refund.full ? { ':refunded': 'refunded' } : {}) },
    },
  };
}

/** The provider reports the booking's own refund processed. */
export function refundProcessedWrite(bookingId: string, refundId: string) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(bookingId),
      UpdateExpression: 'SET refund_status = :processed',
      ConditionExpression: 'refund_id = :refund',
      ExpressionAttributeValues: { ':processed': 'processed', ':refund': refundId },
    },
  };
}

/** Flags a booking for staff (`needs_attention`, at most 500 characters), whatever its state. */
export function needsAttentionWrite(bookingId: string, flag: string) {
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(bookingId),
      UpdateExpression: 'SET needs_attention = :flag',
      ExpressionAttributeValues: { ':flag': flag.slice(0, 500) },
    },
  };
}

/**
 * A payment that could not confirm the booking was refunded in full. A booking with no payment of
 * its own takes this one's id and the refunded status (only while it still has none); one already
 * paid keeps its own payment and is only flagged.
 */
export function fullRefundWrite(
  booking: StoredBooking,
  refunded: { paymentId: string; amount: number; refundId: string; refundStatus: string; flag: string; lateForHold: boolean },
) {
  if (booking.payment_id) return needsAttentionWrite(booking.id, refunded.flag);
  return {
    Update: {
      TableName: tableName,
      Key: bookingKeys.item(booking.id),
      UpdateExpression:
        'SET payment_id = :payment, payment_status = :refunded, refund_amount = :amount, refund_id = :refund, refund_status = :refundStatus, needs_attention = :flag, late_payment_refunded = :late',
      ConditionExpression: 'attribute_not_exists(payment_id)',
      ExpressionAttributeValues: {
        ':flag': refunded.flag.slice(0, 500),
        ':payment': refunded.paymentId,
        ':refunded': 'refunded',
        ':amount': refunded.amount,
        ':refund': refunded.refundId,
        ':refundStatus': refunded.refundStatus,
        ':late': refunded.lateForHold,
      },
    },
  };
}

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
  const booking = await getBooking(typeof pointer?.booking_id === 'string' ? pointer.booking_id : ABSENT_BOOKING_ID);
  return pointer ? booking : undefined;
}

export async function getIdempotencyRecord(key: string): Promise<{ requestHash: string; bookingId: string; manageToken: string } | undefined> {
  const item = await getItem(idempotencyKeys.item('create-booking', key), true);
  return item ? { requestHash: String(item.request_hash), bookingId: String(item.booking_id), manageToken: String(item.manage_token ?? '') } : undefined;
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

export type BookingGist = { id: string; status: string; package_id: string };

/** The status and package of the given bookings. */
export async function bookingGists(ids: Iterable<string>): Promise<Map<string, BookingGist>> {
  const items = await batchGetAll(
    [...new Set(ids)].map((id) => bookingKeys.item(id)),
    { projection: 'id, #status, package_id', names: { '#status': 'status' } },
  );
  return new Map(items.map((item) => [String(item.id), { id: String(item.id), status: String(item.status), package_id: String(item.package_id) }]));
}

export type BookingLabel = { id: string; reference: string; guest: string; status: string; paymentStatus: string };

/** What the inventory calendar shows of the given bookings: reference, guest, status. */
export async function bookingLabels(ids: Iterable<string>): Promise<Map<string, BookingLabel>> {
  const items = await batchGetAll(
    [...new Set(ids)].map((id) => bookingKeys.item(id)),
    { projection: 'id, booking_reference, customer_name, #status, payment_status', names: { '#status': 'status' } },
  );
  return new Map(
    items.map((item) => [
      String(item.id),
      {
        id: String(item.id),
        reference: String(item.booking_reference),
        guest: String(item.customer_name ?? ''),
        status: String(item.status),
        paymentStatus: String(item.payment_status ?? ''),
      },
    ]),
  );
}

export const toStoredBooking = fromItem;
