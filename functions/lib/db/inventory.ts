import * as cottageKeys from './keys/cottage.ts';
import * as stayTypeKeys from './keys/stay-type.ts';
import * as safariKeys from './keys/safari.ts';
import { queryAll } from './query.ts';
import { tableName } from './client.ts';
import type { Keys } from './keys.ts';

/**
 * Nightly inventory: one item per cottage unit and night, present while the night is held, booked
 * or blocked. Its owner is a booking (`booking_id`) or a date block (`block_id`). A hold carries
 * `hold_expires_at_ms` (epoch ms) and stops counting once it passes, even before the sweeper
 * deletes it; a booked night (pay at property, or paid) and a blocked night have no expiry.
 */
async function liveNightItems(cottageId: string, firstNight: string, lastNight: string, now: number, projection?: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': cottageKeys.item(cottageId).pk,
      ':from': cottageKeys.night(cottageId, firstNight).sk,
      ':to': cottageKeys.night(cottageId, lastNight).sk,
    },
    ...(projection ? { ProjectionExpression: projection } : {}),
    ConsistentRead: true,
  });
  return items.filter((item) => typeof item.hold_expires_at_ms !== 'number' || item.hold_expires_at_ms >= now);
}

/** The nights of a unit from `firstNight` to `lastNight` that someone holds or has booked. */
export async function takenNights(cottageId: string, firstNight: string, lastNight: string, now: number): Promise<Set<string>> {
  return new Set((await liveNightItems(cottageId, firstNight, lastNight, now)).map((item) => String(item.night)));
}

/** The bookings holding or having booked a night of a unit from `firstNight` to `lastNight` (lapsed holds and blocks left out). */
export async function nightOwners(cottageId: string, firstNight: string, lastNight: string, now: number): Promise<Set<string>> {
  const items = await liveNightItems(cottageId, firstNight, lastNight, now, 'booking_id, hold_expires_at_ms');
  return new Set(items.flatMap((item) => (typeof item.booking_id === 'string' ? [item.booking_id] : [])));
}

/**
 * The write that claims a night: fails (ConditionalCheckFailed) while anyone else holds or booked it.
 * A held night turns into a booked one only when its hold is removed: whatever confirms a payment
 * must REMOVE hold_expires_at_ms and expiresAt from each of the booking's nights in the same
 * transaction as the status change, or the paid nights become claimable when the hold runs out.
 */
export function claimNight(cottageId: string, night: string, bookingId: string, now: number, holdExpiresAt?: number) {
  return claimFor(cottageId, night, now, {
    booking_id: bookingId,
    ...(holdExpiresAt ? { hold_expires_at_ms: holdExpiresAt, expiresAt: Math.ceil(holdExpiresAt / 1000) + 86_400 } : {}),
  });
}

/** The Put of a night item for its owner (a booking, a block or a channel's stay): refused while anyone else holds it, a lapsed hold aside. */
function claimFor(cottageId: string, night: string, now: number, owner: Record<string, unknown>) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...cottageKeys.night(cottageId, night), entity: 'night', night, ...owner },
      ConditionExpression: 'attribute_not_exists(pk) OR hold_expires_at_ms < :now',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

/** The Delete of a night item, only if `field` still names this owner. */
function releaseIfOwner(cottageId: string, night: string, field: 'booking_id' | 'block_id' | 'channel_id', owner: string) {
  return {
    Delete: {
      TableName: tableName,
      Key: cottageKeys.night(cottageId, night),
      ConditionExpression: `${field} = :owner`,
      ExpressionAttributeValues: { ':owner': owner },
    },
  };
}

/**
 * A unit is booked only while it is offered: checked in the booking's own transaction, so a unit
 * retired or deleted meanwhile (functions/lib/catalogue/cottage-admin.ts) refuses the booking.
 */
export const unitStillOffered = (cottageId: string) => stillActive(cottageKeys.item(cottageId));

/** Likewise its villa type: one retired meanwhile takes no new booking. */
export const typeStillOffered = (typeId: string) => stillActive(stayTypeKeys.item(typeId));

/** A transaction's check that the item at `key` still has status `active`. */
function stillActive(key: Keys) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: key,
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active' },
    },
  };
}

/** Frees a night, but only if this booking still owns it (an expired hold may have been retaken). */
export const releaseNight = (cottageId: string, night: string, bookingId: string) => releaseIfOwner(cottageId, night, 'booking_id', bookingId);

/** Who holds a night of a unit: a booking, a block or a channel's stay (nights nobody holds, or whose hold lapsed, are absent). */
export type NightHolder = { bookingId: string } | { blockId: string } | { channelId: string; uid: string };

/** The live nights of a unit from `firstNight` to `lastNight`, in date order: who holds each, and until when if it is only held. */
export async function unitNights(
  cottageId: string,
  firstNight: string,
  lastNight: string,
  now: number,
): Promise<Array<{ night: string; holder: NightHolder; heldUntil?: number }>> {
  const items = await liveNightItems(cottageId, firstNight, lastNight, now, 'night, booking_id, block_id, channel_id, channel_uid, hold_expires_at_ms');
  return items.map((item) => ({
    night: String(item.night),
    holder:
      typeof item.block_id === 'string'
        ? { blockId: item.block_id }
        : typeof item.channel_id === 'string'
          ? { channelId: item.channel_id, uid: String(item.channel_uid) }
          : { bookingId: String(item.booking_id) },
    ...(typeof item.hold_expires_at_ms === 'number' ? { heldUntil: item.hold_expires_at_ms } : {}),
  }));
}

export async function nightHolders(cottageId: string, firstNight: string, lastNight: string, now: number): Promise<Map<string, NightHolder>> {
  return new Map((await unitNights(cottageId, firstNight, lastNight, now)).map((entry) => [entry.night, entry.holder]));
}

/** The write that claims a night for a date block: like a booking's claim, refused while a booking or another block holds it. */
export const claimNightForBlock = (cottageId: string, night: string, blockId: string, now: number) => claimFor(cottageId, night, now, { block_id: blockId });

/** Frees a blocked night, only if this block holds it. */
export const releaseBlockedNight = (cottageId: string, night: string, blockId: string) => releaseIfOwner(cottageId, night, 'block_id', blockId);

/**
 * The write that claims a night for a channel's stay (an event of its imported calendar, `uid`):
 * like a booking's claim, refused while anyone else holds it; a lapsed hold does not count.
 */
export const claimNightForChannel = (cottageId: string, night: string, channelId: string, uid: string, now: number) =>
  claimFor(cottageId, night, now, { channel_id: channelId, channel_uid: uid });

/** Moves a night this channel holds to another of its events (the channel re-issued the stay under a new UID). */
export function moveChannelNight(cottageId: string, night: string, channelId: string, uid: string) {
  return {
    Update: {
      TableName: tableName,
      Key: cottageKeys.night(cottageId, night),
      UpdateExpression: 'SET channel_uid = :uid',
      ConditionExpression: 'channel_id = :channelId',
      ExpressionAttributeValues: { ':uid': uid, ':channelId': channelId },
    },
  };
}

/** Frees a night of a channel's stay, only if this channel holds it. */
export const releaseChannelNight = (cottageId: string, night: string, channelId: string) => releaseIfOwner(cottageId, night, 'channel_id', channelId);

/** Nights of a cottage this booking still owns (to release exactly those). */
export async function ownedNights(cottageId: string, nights: string[], bookingId: string): Promise<string[]> {
  if (nights.length === 0) return [];
  const first = nights[0] ?? '';
  const last = nights[nights.length - 1] ?? '';
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': cottageKeys.item(cottageId).pk,
      ':from': cottageKeys.night(cottageId, first).sk,
      ':to': cottageKeys.night(cottageId, last).sk,
    },
    ConsistentRead: true,
  });
  return items.filter((item) => item.booking_id === bookingId).map((item) => String(item.night));
}

/** Each of a booking's villas with the nights of its stay it still owns (a lapsed hold's night may be someone else's). */
export async function nightsStillOwned(booking: { id: string; claims: { cottageIds: string[]; nights: string[] } }) {
  return Promise.all(
    booking.claims.cottageIds.map(async (cottageId) => ({ cottageId, nights: await ownedNights(cottageId, booking.claims.nights, booking.id) })),
  );
}

/** Makes a held night the booking's for good (paid, or confirmed by the guest): its hold is removed, if the night is still this booking's. */
export function keepNight(cottageId: string, night: string, bookingId: string) {
  return {
    Update: {
      TableName: tableName,
      Key: cottageKeys.night(cottageId, night),
      UpdateExpression: 'REMOVE hold_expires_at_ms, expiresAt',
      ConditionExpression: 'booking_id = :bookingId',
      ExpressionAttributeValues: { ':bookingId': bookingId },
    },
  };
}

/** Seats sold per slot of a safari between two dates: `date -> slot -> booked`. */
export async function bookedSeats(safariId: string, fromDate: string, toDate: string): Promise<Map<string, Map<string, number>>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': safariKeys.item(safariId).pk,
      ':from': safariKeys.seatsBetween(fromDate, toDate).from,
      ':to': safariKeys.seatsBetween(fromDate, toDate).to,
    },
    ConsistentRead: true,
  });
  const byDate = new Map<string, Map<string, number>>();
  for (const item of items) {
    const date = String(item.date);
    const slots = byDate.get(date) ?? new Map<string, number>();
    slots.set(String(item.time_slot), Number(item.booked ?? 0));
    byDate.set(date, slots);
  }
  return byDate;
}

/**
 * Claims seats on a slot. Conditions cannot do arithmetic, so the limit is precomputed:
 * booked + n <= capacity becomes booked <= capacity - n.
 */
export function claimSeats(safariId: string, date: string, timeSlot: string, seats: number, capacity: number) {
  return {
    Update: {
      TableName: tableName,
      Key: safariKeys.seats(safariId, date, timeSlot),
      UpdateExpression: 'ADD booked :seats SET entity = :entity, #date = :date, time_slot = :slot',
      ConditionExpression: 'attribute_not_exists(booked) OR booked <= :limit',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: { ':seats': seats, ':limit': capacity - seats, ':entity': 'seats', ':date': date, ':slot': timeSlot },
    },
  };
}

export function releaseSeats(safariId: string, date: string, timeSlot: string, seats: number) {
  return {
    Update: {
      TableName: tableName,
      Key: safariKeys.seats(safariId, date, timeSlot),
      UpdateExpression: 'ADD booked :minus',
      ConditionExpression: 'booked >= :seats',
      ExpressionAttributeValues: { ':minus': -seats, ':seats': seats },
    },
  };
}
