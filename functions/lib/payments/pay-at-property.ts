import { PAY_AT_PROPERTY_CONFIRM_HOURS } from '../../../shared/payment-rules.ts';
import { getBooking, guestConfirmWrite, type StoredBooking } from '../db/bookings.ts';
import { keepNight, nightsStillOwned } from '../db/inventory.ts';
import { duePaymentWrite } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { unpaidReleases } from '../db/unpaid-owners.ts';
import { ConflictError } from '../domain-errors.ts';

/**
 * Pay at property: such a booking is a hold until the guest confirms it from the link in the
 * e-mail, within PAY_AT_PROPERTY_CONFIRM_HOURS; unconfirmed, the sweeper expires it like an unpaid
 * online hold. While held it counts among its owners' unpaid holds, and until it is paid (or staff
 * confirm it, or the guest checks in) among their unpaid stays (functions/lib/db/unpaid-owners.ts).
 */
export const PAY_AT_PROPERTY_HOLD_MS = PAY_AT_PROPERTY_CONFIRM_HOURS * 3_600_000;

/** The guest's confirmation from the e-mail: the hold becomes a booking, payment due at the property. */
export async function confirmPayAtProperty(booking: StoredBooking, now: number): Promise<StoredBooking> {
  if (booking.payment_method !== 'offline') throw new ConflictError('This booking is paid online, not at the property.', { extra: { code: 'not_offline' } });
  if (booking.guest_confirmed_at || booking.status === 'confirmed') return booking;
  if (booking.status !== 'pending' || booking.holdExpiresAtMs === undefined || booking.holdExpiresAtMs < now)
    throw new ConflictError(`The ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours to confirm this booking have passed and its villa was released. Please book again.`, {
      extra: { code: 'hold_expired' },
    });
  const at = new Date(now).toISOString();
  const owned = await nightsStillOwned(booking);
  try {
    await transact([
      guestConfirmWrite(booking, at, now),
      ...owned.flatMap(({ cottageId, nights }) => nights.map((night) => keepNight(cottageId, night, booking.id))),
      duePaymentWrite(booking, at),
      // No longer a hold; still an unpaid stay until the money is taken at the property.
      ...unpaidReleases(booking, { keepOwed: true }),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    const fresh = await getBooking(booking.id);
    if (fresh?.guest_confirmed_at) return fresh;
    throw new ConflictError('This booking changed while you were confirming it. Please reload the page.');
  }
  const { holdExpiresAtMs: _hold, hold_expires_at: _holdIso, open_hold: _open, ...rest } = booking;
  return { ...rest, guest_confirmed_at: at };
}
