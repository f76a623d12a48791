import { stayLimits } from '@shared/stay';
import { formatInr } from '@shared/money';
import { PriceBreakdown } from './price-breakdown';
import { PriceNote } from './price-note';
import type { BookingView } from '@/lib/booking-record';
import { countOf, formatDateWithWeekday, formatShortDate, formatSlot } from '@/lib/format';
import { t, useT, type MessageId } from '@/i18n/i18n';
import '@/i18n/english/manage';
import './booking-details.css';

const statusLabels: Record<string, MessageId> = {
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
  const t = useT();
  const label = statusLabels[status];
  return (
    <span className={`status-chip status-chip--${label ? status : 'other'}`} data-testid="booking-status">
      {label ? t(label) : status}
    </span>
  );
}

/** Where the money stands, in the guest's words. */
export function paymentState(booking: Pick<BookingView, 'payment_method' | 'payment_status' | 'status'>): string {
  if (booking.payment_status === 'refunded') return t('Refunded');
  if (booking.payment_status === 'paid') return t('Paid online');
  if (booking.status === 'cancelled' || booking.status === 'expired') return t('Nothing was charged');
  return booking.payment_method === 'offline' ? t('To pay at the property') : t('Payment pending');
}

/** '2 adults, 1 child, 1 room' (no children: left out). */
const party = (booking: Pick<BookingView, 'adults' | 'children' | 'rooms'>) =>
  t(
    '{adults, plural, one {# adult} other {# adults}}{children, plural, =0 {} one {, # child} other {, # children}}, {rooms, plural, one {# room} other {# rooms}}',
    { adults: booking.adults, children: booking.children, rooms: booking.rooms },
  );

/**
 * One booking as the guest made it: villa, dates with weekdays and times, party, package, safaris,
 * the price line by line, the status and where the payment stands. `compact` leaves out the lines.
 */
export function BookingDetails({ booking, compact = false }: { booking: BookingView; compact?: boolean }) {
  const t = useT();
  return (
    <div className="booking-details">
      <div className="booking-details__head">
        <div>
          <p className="receipt__label">{t('Booking reference')}</p>
          <p className="booking-details__reference">{booking.booking_reference}</p>
        </div>
        {/* Pay at property, confirmed by the guest: reserved for them, to be confirmed by staff on payment. */}
        <StatusChip status={booking.status === 'pending' && booking.guest_confirmed_at ? 'reserved' : booking.status} />
      </div>
      <dl className="receipt__facts">
        <div>
          <dt>{t('Villa')}</dt>
          <dd>{booking.cottage_name}</dd>
        </div>
        <div>
          <dt>{t('Check-in')}</dt>
          <dd>{t('{date}, from {time}', { date: formatDateWithWeekday(booking.check_in_date), time: formatSlot(stayLimits.checkInTime) })}</dd>
        </div>
        <div>
          <dt>{t('Check-out')}</dt>
          <dd>
            {t('{date}, by {time}', { date: formatDateWithWeekday(booking.check_out_date), time: formatSlot(stayLimits.checkOutTime) })}{' '}
            <span className="muted">({countOf('nights', booking.nights)})</span>
          </dd>
        </div>
        <div>
          <dt>{t('Guests')}</dt>
          <dd>{party(booking)}</dd>
        </div>
        <div>
          <dt>{t('Package')}</dt>
          <dd>{booking.package_name}</dd>
        </div>
        {booking.safaris.length > 0 && (
          <div>
            <dt>{t('Safaris')}</dt>
            <dd>
              <ul className="booking-details__safaris">
                {booking.safaris.map((safari, index) => (
                  <li key={`${index}-${safari.name}`}>
                    {safari.name}, {formatShortDate(safari.date)}, {formatSlot(safari.time_slot)}, {countOf('guests', safari.guests)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('Total')}</dt>
          <dd>
            <strong>{formatInr(booking.total_amount)}</strong>
            <PriceNote rupees={booking.total_amount} estimatedOffline={false} />
          </dd>
        </div>
        <div>
          <dt>{t('Payment')}</dt>
          <dd data-testid="payment-state">{paymentState(booking)}</dd>
        </div>
        {booking.status === 'cancelled' && booking.refund_amount !== undefined && (
          <div>
            <dt>{t('Refund')}</dt>
            <dd>{formatInr(booking.refund_amount)}</dd>
          </div>
        )}
      </dl>
      {!compact && booking.price_breakdown.length > 0 && (
        <details className="booking-details__breakdown">
          <summary>{t('Price breakdown')}</summary>
          <PriceBreakdown lines={booking.price_breakdown} total={booking.total_amount} />
        </details>
      )}
    </div>
  );
}
