import type { BookingRecord, BookingStatus } from '../../../shared/booking.ts';
import { resortInstant, stayLimits } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { changeBookingStatusWrites, getBooking, toPublicBooking, type StoredBooking } from '../db/bookings.ts';
import { nightsStillOwned, releaseNight, releaseSeats } from '../db/inventory.ts';
import { hasDuePayment, voidDuePaymentWrite } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';

/**
 * Ends a booking's claim on the resort in one transaction: the status change (only from the
 * statuses given), the nights it still owns, and its safari seats. `alongside`: further writes of
 * the same transaction (a staff cancellation's audit entry), placed after the status change.
 */
export async function releaseBooking(
  booking: StoredBooking,
  status: BookingStatus,
  from: BookingStatus[],
  changes: Record<string, unknown> = {},
  alongside: Array<Parameters<typeof transact>[0][number]> = [],
): Promise<void> {
  const [owned, duePayment] = await Promise.all([
    nightsStillOwned(booking),
    status === 'cancelled' && booking.payment_method === 'offline' && booking.payment_status === 'pending' ? hasDuePayment(booking.id) : false,
  ]);
  await transact([
    // The status change, and the owners' counts of unpaid holds and stays it leaves.
    ...changeBookingStatusWrites(booking, status, from, changes),
    ...alongside,
    // Nothing is due at the property for a stay that will not happen.
    ...(duePayment ? [voidDuePaymentWrite(booking.id)] : []),
    ...owned.flatMap(({ cottageId, nights }) => nights.map((night) => releaseNight(cottageId, night, booking.id))),
    ...booking.claims.seats.filter((claim) => claim.seats > 0).map((claim) => releaseSeats(claim.safariId, claim.date, claim.timeSlot, claim.seats)),
  ]);
}

/** The policy's wording (a function: built where it is shown, not at every import). */
export const cancellationPolicy = (): string =>
  `Free cancellation up to ${stayLimits.freeCancellationHours} hours before check-in (${stayLimits.checkInTime} on the day of arrival).`;

/** The last moment a cancellation is free: 48 hours before check-in time on the day of arrival. */
const freeCancellationDeadline = (checkIn: string): number => resortInstant(checkIn, stayLimits.checkInTime) - stayLimits.freeCancellationHours * 3_600_000;

/** What a cancellation refunds: everything paid if at least 48 hours before check-in, else nothing. */
export function refundFor(booking: Pick<BookingRecord, 'payment_status' | 'total_amount' | 'check_in_date'>, now: number): number {
  if (booking.payment_status !== 'paid') return 0;
  return now <= freeCancellationDeadline(booking.check_in_date) ? booking.total_amount : 0;
}

/**
 * What cancelling would do right now, shown to the guest before they confirm: whether they can,
 * why not, and the exact refund. The cancellation itself applies this same rule, so the two never
 * disagree.
 */
export type CancellationTerms = {
  cancellable: boolean;
  /** Why the booking cannot be cancelled, when it cannot. */
  reason?: string;
  /** The refund in rupees if cancelled now (0 when nothing was paid or the free window has passed). */
  refundAmount: number;
  /** Until when a cancellation refunds everything paid (ISO instant). */
  freeCancellationUntil: string;
  policy: string;
};

export function cancellationTerms(
  booking: Pick<BookingRecord, 'status' | 'payment_status' | 'total_amount' | 'check_in_date'>,
  now: number,
): CancellationTerms {
  const base = {
    refundAmount: 0,
    freeCancellationUntil: new Date(freeCancellationDeadline(booking.check_in_date)).toISOString(),
    policy: cancellationPolicy(),
  };
  if (booking.status !== 'pending' && booking.status !== 'confirmed')
    return { ...base, cancellable: false, reason: `This booking is ${booking.status} and cannot be cancelled` };
  if (now >= resortInstant(booking.check_in_date, stayLimits.checkInTime))
    return { ...base, cancellable: false, reason: 'This booking can no longer be cancelled: check-in time has passed' };
  return { ...base, cancellable: true, refundAmount: refundFor(booking, now) };
}

/** Cancels a booking the caller has shown is theirs (signed in, or by its reference with e-mail or link). */
export async function cancelBooking(booking: StoredBooking, now = Date.now()) {
  const terms = cancellationTerms(booking, now);
  if (!terms.cancellable) throw new ConflictError(terms.reason ?? 'This booking cannot be cancelled');
  const refundAmount = terms.refundAmount;
  const cancelledAt = new Date(now).toISOString();
  try {
    await releaseBooking(booking, 'cancelled', ['pending', 'confirmed'], { cancelled_at: cancelledAt, refund_amount: refundAmount });
  } catch (error) {
    if (error instanceof TransactionRefused) throw new ConflictError('This booking changed while you were cancelling it. Please reload it and try again.');
    throw error;
  }
  const { holdExpiresAtMs: _hold, ...rest } = booking;
  const { hold_expires_at: _holdIso, ...cancelled } = toPublicBooking({ ...rest, status: 'cancelled', cancelled_at: cancelledAt, refund_amount: refundAmount });
  return { booking: cancelled, refundAmount, policy: cancellationPolicy() };
}

/** A guest cancels their own booking; another guest's looks as absent as one that does not exist. */
export async function cancelOwnBooking(bookingId: string, principal: Principal, now = Date.now()) {
  const booking = await getBooking(bookingId);
  if (!booking || booking.user_id !== principal.userId) throw new NotFoundError('Booking not found');
  return cancelBooking(booking, now);
}
