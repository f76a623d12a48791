import type { BookingDetails, BookingHistoryEntry } from '../../../shared/booking-admin.ts';
import { formatInr } from '../../../shared/money.ts';
import { auditOf } from '../db/audit.ts';
import { getBooking, toPublicBooking, type StoredBooking } from '../db/bookings.ts';
import { paymentsOfBooking } from '../db/payments.ts';
import { NotFoundError } from '../domain-errors.ts';
import { cancellationPolicy, refundFor } from './release-booking.ts';

/** What the booking's own fields tell of its life, for the moments no staff change recorded. */
function lifecycle(booking: StoredBooking): BookingHistoryEntry[] {
  const entries: BookingHistoryEntry[] = [
    {
      at: booking.created_at,
      event: booking.created_by ? 'Booked by phone (staff)' : `Booked online (${booking.payment_method === 'offline' ? 'pay at property' : 'online payment'})`,
      ...(booking.created_by ? { by: booking.created_by } : {}),
    },
  ];
  const add = (at: string | undefined, event: string, by?: string) => {
    if (at) entries.push({ at, event, ...(by ? { by } : {}) });
  };
  if (!booking.created_by) add(booking.guest_confirmed_at, 'Confirmed by the guest from the e-mail');
  add(booking.paid_at, `Paid online${booking.payment_id ? ` (${booking.payment_id})` : ''}`);
  add(booking.rehold_after_expiry, 'Paid after the hold lapsed: nights claimed again');
  add(booking.payment_updated_at, `Payment marked ${booking.payment_status}`, booking.payment_updated_by);
  add(booking.confirmed_at, 'Confirmed', booking.status_changed_by);
  add(booking.checked_in_at, 'Checked in');
  add(booking.completed_at, 'Checked out');
  if (booking.cancelled_at)
    add(
      booking.cancelled_at,
      `Cancelled${booking.cancelled_by ? ' by staff' : ''}${booking.refund_amount ? `, refund ${formatInr(booking.refund_amount)}` : ''}`,
      booking.cancelled_by,
    );
  if (booking.refund_id)
    entries.push({ at: booking.cancelled_at ?? booking.created_at, event: `Refund ${booking.refund_id} ${booking.refund_status ?? ''}`.trim() });
  if (booking.status === 'expired') add((booking as { expired_at?: string }).expired_at ?? booking.hold_expires_at, 'Hold expired: nights released');
  return entries;
}

/** Everything staff see of one booking: its fields, payments, refunds, safaris and history (newest first). */
export async function bookingDetails(id: string, now = Date.now()): Promise<BookingDetails> {
  const booking = await getBooking(id);
  if (!booking) throw new NotFoundError('Booking not found');
  const [{ payments, refunds }, audit] = await Promise.all([paymentsOfBooking(id), auditOf({ entity: 'booking', id })]);
  const history: BookingHistoryEntry[] = [
    ...lifecycle(booking),
    ...audit.map((entry) => ({
      at: entry.at,
      event: entry.action,
      by: `${entry.actor.name} <${entry.actor.email}> (${entry.actor.role})`,
      ...(entry.note ? { note: entry.note } : {}),
      ...(entry.before ? { before: entry.before } : {}),
      ...(entry.after ? { after: entry.after } : {}),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const refundAmount = refundFor(booking, now);
  return {
    booking: { ...toPublicBooking(booking), cancel_refund: refundAmount },
    payments,
    refunds,
    history,
    cancellation: { refundAmount, policy: cancellationPolicy() },
  };
}
