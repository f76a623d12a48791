import { stayLimits } from '@shared/stay';
import { formatInr } from '@shared/money';
import { PriceBreakdown } from './price-breakdown';
import { PriceNote } from './price-note';
import type { BookingView } from '@/lib/booking-record';
import { formatDateWithWeekday, formatShortDate, formatSlot, plural } from '@/lib/format';
import './booking-details.css';

const statusLabels: Record<string, string> = {
  pending: 'Pending',
  reserved: 'Reserved',
  confirmed: 'Confirmed',
  'checked-in': 'Checked in',
  cancelled: 'Cancelled',
  completed: 'Completed',
  expired: 'Expired',
};

/** The booking's status as a coloured chip (the colour repeats the word, never replaces it). */
export function StatusChip({ status }: { status: string }) {
  return (
    <span className={`status-chip status-chip--${statusLabels[status] ? status : 'other'}`} data-testid="booking-status">
      {statusLabels[status] ?? status}
    </span>
  );
}

/** Where the money stands, in the guest's words. */
export function paymentState(booking: Pick<BookingView, 'payment_method' | 'payment_status' | 'status'>): string {
  if (booking.payment_status === 'refunded') return 'Refunded';
  if (booking.payment_status === 'paid') return 'Paid online';
  if (booking.status === 'cancelled' || booking.status === 'expired') return 'Nothing was charged';
  return booking.payment_method === 'offline' ? 'To pay at the property' : 'Payment pending';
}

const party = (booking: Pick<BookingView, 'adults' | 'children' | 'rooms'>) =>
  [plural(booking.adults, 'adult'), booking.children > 0 ? plural(booking.children, 'child', 'children') : '', plural(booking.rooms, 'room')]
    .filter(Boolean)
    .join(', ');

/**
 * One booking as the guest made it: villa, dates with weekdays and times, party, package, safaris,
 * the price line by line, the status and where the payment stands. `compact` leaves out the lines.
 */
export function BookingDetails({ booking, compact = false }: { booking: BookingView; compact?: boolean }) {
  return (
    <div className="booking-details">
      <div className="booking-details__head">
        <div>
          <p className="receipt__label">Booking reference</p>
          <p className="booking-details__reference">{booking.booking_reference}</p>
        </div>
        {/* Pay at property, confirmed by the guest: reserved for them, to be confirmed by staff on payment. */}
        <StatusChip status={booking.status === 'pending' && booking.guest_confirmed_at ? 'reserved' : booking.status} />
      </div>
      <dl className="receipt__facts">
        <div>
          <dt>Villa</dt>
          <dd>{booking.cottage_name}</dd>
        </div>
        <div>
          <dt>Check-in</dt>
          <dd>
            {formatDateWithWeekday(booking.check_in_date)}, from {formatSlot(stayLimits.checkInTime)}
          </dd>
        </div>
        <div>
          <dt>Check-out</dt>
          <dd>
            {formatDateWithWeekday(booking.check_out_date)}, by {formatSlot(stayLimits.checkOutTime)}{' '}
            <span className="muted">({plural(booking.nights, 'night')})</span>
          </dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{party(booking)}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>{booking.package_name}</dd>
        </div>
        {booking.safaris.length > 0 && (
          <div>
            <dt>Safaris</dt>
            <dd>
              <ul className="booking-details__safaris">
                {booking.safaris.map((safari, index) => (
                  <li key={`${index}-${safari.name}`}>
                    {safari.name}, {formatShortDate(safari.date)}, {formatSlot(safari.time_slot)}, {plural(safari.guests, 'guest')}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>Total</dt>
          <dd>
            <strong>{formatInr(booking.total_amount)}</strong>
            <PriceNote rupees={booking.total_amount} estimatedOffline={false} />
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd data-testid="payment-state">{paymentState(booking)}</dd>
        </div>
        {booking.status === 'cancelled' && booking.refund_amount !== undefined && (
          <div>
            <dt>Refund</dt>
            <dd>{formatInr(booking.refund_amount)}</dd>
          </div>
        )}
      </dl>
      {!compact && booking.price_breakdown.length > 0 && (
        <details className="booking-details__breakdown">
          <summary>Price breakdown</summary>
          <PriceBreakdown lines={booking.price_breakdown} total={booking.total_amount} />
        </details>
      )}
    </div>
  );
}
