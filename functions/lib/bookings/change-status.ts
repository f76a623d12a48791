import { actionTo, checkInOpen, statusMessages, type UpdateBookingStatusRequest } from '../../../shared/booking-status.ts';
import { resortToday } from '../../../shared/stay.ts';
import { inRoleGroup } from '../../../shared/users.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { changeBookingStatusWrites, getBooking, toPublicBooking, type StoredBooking } from '../db/bookings.ts';
import { keepNight, nightsStillOwned } from '../db/inventory.ts';
import { duePaymentWrite } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotAllowedError, NotFoundError } from '../domain-errors.ts';
import { refundFor, releaseBooking } from './release-booking.ts';

/** What an audit entry keeps of a booking's state: the fields a status change moves. */
const state = (booking: Partial<StoredBooking>) => ({
  status: booking.status,
  payment_status: booking.payment_status,
  ...(booking.refund_amount !== undefined ? { refund_amount: booking.refund_amount } : {}),
});

/**
 * A staff status change (shared/booking-status.ts `statusActions`): checked against the role and the
 * booking's current status, then written with its audit entry in one transaction whose condition
 * is the status it may leave, so two people acting at once cannot both win.
 * - confirm: the nights become the booking's for good (their hold removed) and a pay-at-property
 *   booking leaves its owners' unpaid holds and stays (staff vouch for it); its payment, due at the
 *   property, is recorded.
 * - cancel: exactly the guest's release (nights, seats, open holds), with the 48-hour policy's
 *   refund, which the stream consumer then sends through the provider for a paid booking.
 * - check-in (not before the resort's check-in date) and check-out only move the status.
 */
export async function changeBookingStatus(id: string, request: UpdateBookingStatusRequest, principal: Principal, now = Date.now()) {
  const booking = await getBooking(id);
  if (!booking) throw new NotFoundError('Booking not found');
  const action = actionTo(request.status);
  if (!inRoleGroup(principal.role, action.group)) throw new NotAllowedError(statusMessages.forbidden(action.label));
  // Every refusal names the status the booking is in.
  const conflict = (message: string, current = booking.status) => new ConflictError(message, { extra: { status: current } });
  if (!(action.from as readonly string[]).includes(booking.status))
    throw conflict(statusMessages.wrongFrom(booking.booking_reference, booking.status, action.done));
  if (action.action === 'check-in' && !checkInOpen(booking.check_in_date, resortToday(new Date(now))))
    throw conflict(statusMessages.tooEarly(booking.check_in_date));

  const at = new Date(now).toISOString();
  const by = `${principal.name} <${principal.email}>`;
  const changes: Record<string, unknown> = {
    status_changed_by: by,
    ...(request.reason ? { status_reason: request.reason } : {}),
    [action.stamp]: at,
    ...(action.action === 'cancel' ? { refund_amount: refundFor(booking, now), cancelled_by: by } : {}),
  };
  const audit = auditWrite({
    actor: principal,
    action: `booking.${action.action}`,
    subject: { entity: 'booking', id: booking.id, label: booking.booking_reference },
    before: state(booking),
    after: { ...state({ ...booking, status: action.to }), ...changes },
    ...(request.reason ? { note: request.reason } : {}),
    at,
  });
  const writes = [...changeBookingStatusWrites(booking, action.to, [...action.from], changes), audit];

  try {
    if (action.action === 'cancel') {
      await releaseBooking(booking, action.to, [...action.from], changes, [audit]);
    } else if (action.action === 'confirm') {
      const owned = await nightsStillOwned(booking);
      if (owned.some(({ nights }) => nights.length < booking.claims.nights.length)) throw conflict(statusMessages.nightsLost);
      const payAtProperty = booking.payment_method === 'offline' && !booking.guest_confirmed_at;
      await transact([
        ...writes,
        ...owned.flatMap(({ cottageId, nights }) => nights.map((night) => keepNight(cottageId, night, booking.id))),
        // The same record the guest's own confirmation writes: the money is due at the property.
        ...(payAtProperty ? [duePaymentWrite(booking, at)] : []),
      ]);
    } else {
      await transact(writes);
    }
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    const current = (await getBooking(booking.id))?.status ?? booking.status;
    // The status held, so a night did not: a lapsed hold whose night someone else took meanwhile.
    throw conflict(action.action === 'confirm' && current === booking.status ? statusMessages.nightsLost : statusMessages.changedMeanwhile(current), current);
  }
  const { holdExpiresAtMs: _hold, hold_expires_at: _holdIso, open_hold: _open, owed_nights: _owed, ...rest } = booking;
  const updated = toPublicBooking({ ...rest, ...changes, status: action.to });
  return { ...updated, cancel_refund: refundFor(updated, now) };
}
