import type { AdminBooking, StatusAction } from '@shared/booking-admin';
import { formatInr } from '@shared/money';
import { formatShortDate, plural } from '@/lib/format';

export const statusLabels: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  'checked-in': 'Checked in',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const stayDates = (booking: Pick<AdminBooking, 'check_in_date' | 'check_out_date'>) =>
  `${formatShortDate(booking.check_in_date)} – ${formatShortDate(booking.check_out_date)}`;

export const partyOf = (booking: Pick<AdminBooking, 'adults' | 'children'>) =>
  `${plural(booking.adults, 'adult')}${booking.children ? `, ${plural(booking.children, 'child', 'children')}` : ''}`;

/** Paid, or what is still to come: a pay-at-property booking pays at the desk. */
export const paymentLabel = (booking: Pick<AdminBooking, 'payment_status' | 'payment_method'>) =>
  booking.payment_status === 'paid'
    ? 'Paid'
    : booking.payment_status === 'refunded'
      ? 'Refunded'
      : booking.payment_method === 'offline'
        ? 'Pay at property'
        : 'Pending';

/** The question each action asks first, naming exactly what will happen (UX: 'Cancel booking VM1A2B3C for Meera Iyer, refund ₹36,000?'). */
export function confirmationText(action: StatusAction['action'], booking: AdminBooking): string {
  const who = `booking ${booking.booking_reference} for ${booking.customer_name}`;
  switch (action) {
    case 'confirm':
      return `Confirm ${who}? The guest is e-mailed the confirmation.`;
    case 'cancel': {
      const refund = booking.cancel_refund ?? 0;
      return refund > 0
        ? `Cancel ${who}, refund ${formatInr(refund)}? Its nights are released.`
        : `Cancel ${who}? Nothing is refunded${booking.payment_status === 'paid' ? ' (the free cancellation window has passed)' : ''}. Its nights are released.`;
    }
    case 'check-in':
      return `Check in ${booking.customer_name} (${booking.booking_reference}) to ${booking.cottage_name}?`;
    case 'check-out':
      return `Check out ${booking.customer_name} (${booking.booking_reference})? The booking is then completed.`;
  }
}

const monthName = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'November 2026' for a yyyy-mm month. */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
