import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BookingDetails } from '@/components/booking-details';
import { CancelBooking } from '@/components/cancel-booking';
import { GuestPage } from '@/components/guest-page';
import type { BookingView } from '@/lib/booking-record';
import type { GuestUser } from '@/lib/guest-session';
import { useCancelMyBooking } from '../api/cancel-my-booking';
import { useMyBookings } from '../api/get-my-bookings';
import { RequireGuest } from './require-guest';
import { localizeMessage, useT } from '@/i18n/i18n';
import '@/i18n/english/account';
import './my-bookings.css';

function BookingItem({ booking }: { booking: BookingView }) {
  const cancellation = useCancelMyBooking(booking.id);
  const t = useT();
  return (
    <li className="panel booking-item" aria-label={t('{villa}, booking {reference}', { villa: booking.cottage_name, reference: booking.booking_reference })}>
      <BookingDetails booking={booking} compact />
      <CancelBooking booking={booking} cancellation={cancellation} />
    </li>
  );
}

function MyBookings({ user }: { user: GuestUser }) {
  const bookings = useMyBookings(user.id);
  const t = useT();
  return (
    <GuestPage title={t('My bookings')} intro={t('Signed in as {name} ({email}).', { name: user.name, email: user.email })}>
      <p className="guest-page__links">
        <Link to={paths.accountProfile.getHref()}>{t('Edit your profile')}</Link>
        <a href={paths.home.getHref()}>{t('Book a stay')}</a>
      </p>
      {bookings.isPending ? (
        <div className="panel" role="status" aria-live="polite">
          <span className="visually-hidden">{t('Loading your bookings...')}</span>
          <div className="skeleton skeleton--details" />
        </div>
      ) : bookings.isError ? (
        <div className="banner banner--error" role="alert">
          <p>{localizeMessage(bookings.error.message)}</p>
          <p className="banner__actions">
            <button type="button" className="button button--small button--secondary" onClick={() => void bookings.refetch()}>
              {t('Retry')}
            </button>
          </p>
        </div>
      ) : bookings.data.length === 0 ? (
        <div className="empty">
          <p>{t('No bookings yet. Your stays will appear here once you book while signed in.')}</p>
          <a className="button button--primary" href={paths.home.getHref()}>
            {t('Find dates for your stay')}
          </a>
        </div>
      ) : (
        <ul className="booking-list" data-testid="my-bookings">
          {bookings.data.map((booking) => (
            <BookingItem key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </GuestPage>
  );
}

/** `/account`: My Bookings, each with its status, and cancel with the refund shown first. */
export default function MyBookingsPage() {
  return <RequireGuest>{(user) => <MyBookings user={user} />}</RequireGuest>;
}
