import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { telHref } from '@shared/resort-contact';
import { useResortContact } from '@/lib/use-resort-contact';
import { BookingDetails } from '@/components/booking-details';
import { CancelBooking } from '@/components/cancel-booking';
import { GuestPage } from '@/components/guest-page';
import { ApiError } from '@/lib/api-client';
import { useEffect } from 'react';
import { currentLocale, hasChosenLocale, localizeMessage, setLocale, t, useT } from '@/i18n/i18n';
import { isLocale } from '@/i18n/locales';
import '@/i18n/english/manage';
import { Trans } from '@/i18n/trans';
import { useCancelBookingByReference } from '../api/cancel-booking-by-reference';
import { useBookingByReference, type BookingProof, type ManagedBooking } from '../api/get-booking-by-reference';
import { ConfirmStay } from './confirm-stay';
import { normaliseReference } from './lookup-form';
import { PaymentHistory } from './payment-history';
import './manage-booking.css';

function LoadFailure({ error, reference, onRetry }: { error: Error; reference: string; onRetry: () => void }) {
  const t = useT();
  const status = error instanceof ApiError ? error.status : 0;
  const wait =
    error instanceof ApiError && error.retryAfterSeconds
      ? ` ${t('You can try again in {seconds, plural, one {# second} other {# seconds}}.', { seconds: error.retryAfterSeconds })}`
      : '';
  return (
    <div className="banner banner--error" role="alert" data-testid="manage-failure">
      <p>{status ? `${localizeMessage(error.message)}${wait}` : t('Your booking could not be loaded. Please check your connection and try again.')}</p>
      <p className="banner__actions">
        {status === 404 ? (
          <Link className="button button--small button--secondary" to={paths.findBooking.getHref(reference)}>
            {t('Find it with your e-mail')}
          </Link>
        ) : (
          <button type="button" className="button button--small button--secondary" onClick={onRetry}>
            {t('Retry')}
          </button>
        )}
      </p>
    </div>
  );
}

function ManageBooking({
  booking,
  reference,
  proof,
  confirmToken,
}: {
  booking: ManagedBooking;
  reference: string;
  proof: BookingProof;
  confirmToken: string | undefined;
}) {
  const cancellation = useCancelBookingByReference(reference, proof);
  const token = 'token' in proof ? proof.token : undefined;
  const frontDesk = useResortContact();
  const t = useT();
  return (
    <>
      {!cancellation.data && <ConfirmStay booking={booking} confirmToken={confirmToken} />}
      <section className="panel" aria-label={t('Booking {reference}', { reference: booking.booking_reference })}>
        <BookingDetails booking={booking} />
      </section>
      <PaymentHistory booking={booking} token={token} />
      <CancelBooking booking={booking} cancellation={cancellation} />
      <p className="guest-page__aside">
        <Trans
          id="Questions about your stay? Call the front desk on <0>{phone}</0>."
          values={{ phone: frontDesk.phone }}
          components={{ 0: <a href={telHref(frontDesk.phone)} /> }}
        />
      </p>
    </>
  );
}

/**
 * `/booking/:reference`: one booking, opened with the confirmation's link (`?token=`) or after the
 * lookup by e-mail (carried in the history entry's state); without either, the lookup form. The
 * e-mail of a stay to confirm adds `?confirm=`, the proof that confirms it.
 */
export default function ManageBookingPage() {
  const reference = normaliseReference(useParams().reference ?? '');
  const [params] = useSearchParams();
  const state = useLocation().state as { email?: unknown } | null;
  const token = params.get('token');
  const confirmToken = params.get('confirm') ?? undefined;
  const proof: BookingProof | undefined = token ? { token } : typeof state?.email === 'string' ? { email: state.email } : undefined;
  const booking = useBookingByReference(reference, proof);
  useT();
  // Opened from the booking's e-mail on a browser that never chose a language: the page speaks the
  // booking's, as the e-mail did (not kept: the guest's own choice in the header is).
  const language = booking.data?.language;
  useEffect(() => {
    if (isLocale(language) && language !== currentLocale() && !hasChosenLocale()) void setLocale(language, { keep: false });
  }, [language]);

  if (!proof) return <Navigate to={paths.findBooking.getHref(reference)} replace />;
  return (
    <GuestPage title={t('Booking {reference}', { reference })} heading={t('Your booking')}>
      {booking.isPending ? (
        <div className="panel" role="status" aria-live="polite">
          <span className="visually-hidden">{t('Loading your booking...')}</span>
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--details" />
        </div>
      ) : booking.isError ? (
        <LoadFailure error={booking.error} reference={reference} onRetry={() => void booking.refetch()} />
      ) : (
        <ManageBooking booking={booking.data} reference={reference} proof={proof} confirmToken={confirmToken} />
      )}
    </GuestPage>
  );
}
