import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { OPEN_HOLD_LIMIT, UNPAID_NIGHT_LIMIT, UNPAID_STAY_LIMIT } from '../../../shared/payment-rules.ts';
import type { StoredBooking } from './bookings.ts';
import { documentClient, tableName } from './client.ts';
import * as openHoldKeys from './keys/open-hold.ts';
import { normaliseEmail } from './keys/user.ts';

/**
 * What a guest may leave unpaid at once, counted per owner: the booking's e-mail, its phone (last
 * ten digits) and the client address it came from (README, "What one guest may leave unpaid"). One
 * item per owner:
 * - `ids`: bookings on an unpaid hold (online, waiting for payment; or pay at property, waiting for
 *   the guest's confirmation from the e-mail), at most OPEN_HOLD_LIMIT;
 * - `owed`: pay-at-property stays not yet paid, held or confirmed, at most UNPAID_STAY_LIMIT, and
 *   `owed_nights`, their room-nights, at most UNPAID_NIGHT_LIMIT.
 * The booking carries `open_hold` and `owed_nights` while it is counted; every change that ends a
 * count removes the mark in the same transaction, conditioned on the mark still being there
 * (bookings.ts `changeBookingStatusWrites`), so a count is taken back exactly once.
 */
export type Owned = Pick<StoredBooking, 'id' | 'customer_email' | 'customer_phone' | 'client_address'>;

export const ownersOf = (booking: Owned): string[] => [
  `email#${normaliseEmail(booking.customer_email)}`,
  `phone#${booking.customer_phone.replace(/\D/g, '').slice(-10)}`,
  ...(booking.client_address ? [`address#${booking.client_address}`] : []),
];

/** The limits in force: the stage's environment (OPEN_HOLD_LIMIT, UNPAID_STAY_LIMIT, UNPAID_NIGHT_LIMIT), else the product's. */
export const unpaidLimits = () => ({
  holds: Number(process.env.OPEN_HOLD_LIMIT) || OPEN_HOLD_LIMIT,
  stays: Number(process.env.UNPAID_STAY_LIMIT) || UNPAID_STAY_LIMIT,
  nights: Number(process.env.UNPAID_NIGHT_LIMIT) || UNPAID_NIGHT_LIMIT,
});

/**
 * An owner item lives 400 days after its latest claim: longer than any stay booked then can last
 * (365 days ahead, 30 nights), and the same offset for every claim, so a later claim never
 * shortens it and TTL never drops a count that is still open.
 */
const OWNER_TTL_SECONDS = 400 * 86_400;

/** The room-nights a pay-at-property stay leaves unpaid. */
export const owedNightsOf = (booking: Pick<StoredBooking, 'rooms' | 'nights'>): number => booking.rooms * booking.nights;

/**
 * The creation transaction's claims, one update per owner: the booking joins `ids` (its hold) and,
 * paid at the property, `owed` with its nights. Refused at a limit (the whole booking then is).
 */
export function unpaidClaims(booking: Owned, options: { owedNights?: number | undefined; now: number }) {
  const limits = unpaidLimits();
  const owed = options.owedNights;
  const conditions = ['(attribute_not_exists(ids) OR size(ids) < :holds)'];
  const values: Record<string, unknown> = {
    ':id': new Set([booking.id]),
    ':holds': limits.holds,
    ':expires': Math.ceil(options.now / 1000) + OWNER_TTL_SECONDS,
  };
  let update = 'ADD ids :id';
  if (owed !== undefined) {
    update += ', owed :id, owed_nights :nights';
    conditions.push('(attribute_not_exists(owed) OR size(owed) < :stays)', '(attribute_not_exists(owed_nights) OR owed_nights <= :nightsLeft)');
    Object.assign(values, { ':nights': owed, ':stays': limits.stays, ':nightsLeft': limits.nights - owed });
  }
  return ownersOf(booking).map((owner) => ({
    Update: {
      TableName: tableName,
      Key: openHoldKeys.of(owner),
      UpdateExpression: `${update} SET expiresAt = :expires`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  }));
}

/**
 * Takes back what a booking is counted for, as its marks say: its hold (`open_hold`), and unless
 * `keepOwed`, its unpaid stay (`owed_nights`). The caller's booking update removes those marks.
 */
export function unpaidReleases(booking: Owned & Pick<StoredBooking, 'open_hold' | 'owed_nights'>, options: { keepOwed?: boolean } = {}) {
  const hold = booking.open_hold === true;
  const owed = !options.keepOwed && booking.owed_nights !== undefined;
  if (!hold && !owed) return [];
  const parts = [hold ? 'ids :id' : '', owed ? 'owed :id' : ''].filter(Boolean).join(', ');
  return ownersOf(booking).map((owner) => ({
    Update: {
      TableName: tableName,
      Key: openHoldKeys.of(owner),
      UpdateExpression: `DELETE ${parts}${owed ? ' ADD owed_nights :minus' : ''}`,
      ExpressionAttributeValues: { ':id': new Set([booking.id]), ...(owed ? { ':minus': -(booking.owed_nights ?? 0) } : {}) },
    },
  }));
}

export type UnpaidRefusal = { limit: 'holds' | 'stays' | 'nights'; count: number };

/** After a refused claim: which limit the owners reached (read strongly), for the guest's message. */
export async function unpaidRefusal(booking: Owned, owedNights: number | undefined): Promise<UnpaidRefusal> {
  const limits = unpaidLimits();
  const items = await Promise.all(
    ownersOf(booking).map(
      async (owner) => (await documentClient.send(new GetCommand({ TableName: tableName, Key: openHoldKeys.of(owner), ConsistentRead: true }))).Item,
    ),
  );
  const most = (read: (item: Record<string, unknown>) => number) => Math.max(0, ...items.map((item) => (item ? read(item) : 0)));
  const holds = most((item) => (item.ids instanceof Set ? item.ids.size : 0));
  const stays = most((item) => (item.owed instanceof Set ? item.owed.size : 0));
  const nights = most((item) => Number(item.owed_nights ?? 0));
  if (holds >= limits.holds) return { limit: 'holds', count: holds };
  if (owedNights !== undefined && stays >= limits.stays) return { limit: 'stays', count: stays };
  return { limit: 'nights', count: nights };
}
