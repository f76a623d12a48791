import { OPEN_PAY_AT_PROPERTY_LIMIT, PAY_AT_PROPERTY_CONFIRM_HOURS, tooManyOpenMessage } from '../../../shared/payment-rules.ts';
import { getBooking, type StoredBooking } from '../db/bookings.ts';
import { tableName } from '../db/client.ts';
import { normaliseEmail } from '../db/keys.ts';
import * as bookingKeys from '../db/keys/booking.ts';
import * as openHoldKeys from '../db/keys/open-hold.ts';
import { keepNight, nightsStillOwned } from '../db/inventory.ts';
import { duePaymentWrite } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { conflict, HttpError } from '../http/errors.ts';

/**
 * Pay at property (issue 9): such a booking is a hold until the guest confirms it from the link in
 * the e-mail, within PAY_AT_PROPERTY_CONFIRM_HOURS; unconfirmed, the sweeper expires it like an
 * unpaid online hold. At most OPEN_PAY_AT_PROPERTY_LIMIT unconfirmed ones at once per e-mail, per
 * phone and per client address (a set of booking ids per key, checked with `size()` in the
 * creation transaction). Every change that ends the hold (the guest's confirmation here, expiry and
 * cancellation in release-booking.ts) takes the id out in its own transaction, so a set cannot
 * keep an id of a booking that is no longer open; a set outlives its last hold by a day (TTL).
 */
export const PAY_AT_PROPERTY_HOLD_MS = PAY_AT_PROPERTY_CONFIRM_HOURS * 3_600_000;

type Owned = Pick<StoredBooking, 'id' | 'customer_email' | 'customer_phone' | 'client_address'>;

/** Whom an unconfirmed pay-at-property booking counts against: its e-mail, its phone (last ten digits), the client's address. */
const owners = (booking: Owned) => [
  `email#${normaliseEmail(booking.customer_email)}`,
  `phone#${booking.customer_phone.replace(/\D/g, '').slice(-10)}`,
  ...(booking.client_address ? [`address#${booking.client_address}`] : []),
];

const ownerUpdate = (owner: string, update: string, values: Record<string, unknown>, condition?: string) => ({
  Update: {
    TableName: tableName,
    Key: openHoldKeys.of(owner),
    UpdateExpression: update,
    ExpressionAttributeValues: values,
    ...(condition ? { ConditionExpression: condition } : {}),
  },
});

/**
 * The creation transaction's claims: the booking's id added to each owner's set, refused at the
 * limit (OPEN_PAY_AT_PROPERTY_LIMIT, or the stage's OPEN_PAY_AT_PROPERTY_LIMIT). A set is kept a
 * day past its latest hold, then TTL removes it.
 */
export const openHoldClaims = (booking: Owned, holdExpiresAtMs: number) =>
  owners(booking).map((owner) =>
    ownerUpdate(
      owner,
      'ADD ids :id SET expiresAt = :expires',
      {
        ':id': new Set([booking.id]),
        ':limit': Number(process.env.OPEN_PAY_AT_PROPERTY_LIMIT) || OPEN_PAY_AT_PROPERTY_LIMIT,
        ':expires': Math.ceil(holdExpiresAtMs / 1000) + 86_400,
      },
      'attribute_not_exists(ids) OR size(ids) < :limit',
    ),
  );

/** Takes a booking's id out of its owners' sets (confirmed, expired or cancelled). */
export const openHoldReleases = (booking: Owned) => owners(booking).map((owner) => ownerUpdate(owner, 'DELETE ids :id', { ':id': new Set([booking.id]) }));

export const tooManyOpen = () => new HttpError(429, tooManyOpenMessage);

/** The guest's confirmation from the e-mail: the hold becomes a booking, payment due at the property. */
export async function confirmPayAtProperty(booking: StoredBooking, now: number): Promise<StoredBooking> {
  if (booking.payment_method !== 'offline') throw conflict('This booking is paid online, not at the property.', undefined, { code: 'not_offline' });
  if (booking.guest_confirmed_at || booking.status === 'confirmed') return booking;
  if (booking.status !== 'pending' || booking.holdExpiresAtMs === undefined || booking.holdExpiresAtMs < now)
    throw conflict(`The ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours to confirm this booking have passed and its villa was released. Please book again.`, undefined, {
      code: 'hold_expired',
    });
  const at = new Date(now).toISOString();
  const owned = await nightsStillOwned(booking);
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: bookingKeys.item(booking.id),
          UpdateExpression: 'SET guest_confirmed_at = :at REMOVE holdExpiresAtMs, hold_expires_at, open_hold',
          ConditionExpression: '#status = :pending AND holdExpiresAtMs >= :now AND attribute_not_exists(guest_confirmed_at)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':at': at, ':pending': 'pending', ':now': now },
        },
      },
      ...owned.flatMap(({ cottageId, nights }) => nights.map((night) => keepNight(cottageId, night, booking.id))),
      duePaymentWrite(booking, at),
      ...(booking.open_hold ? openHoldReleases(booking) : []),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    const fresh = await getBooking(booking.id);
    if (fresh?.guest_confirmed_at) return fresh;
    throw conflict('This booking changed while you were confirming it. Please reload the page.');
  }
  const { holdExpiresAtMs: _hold, hold_expires_at: _holdIso, open_hold: _open, ...rest } = booking;
  return { ...rest, guest_confirmed_at: at };
}
