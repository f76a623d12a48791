import { CHECK_IN_TIME } from '@shared/stay-times';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatInr } from '@shared/money';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateWithWeekday } from '@/lib/format';
import { formatLocalDeadline } from '@/lib/format';
import { useTimeLeft } from '@/lib/hold-time';
import { useConfirmPayAtProperty } from '../api/confirm-pay-at-property';
import type { ManagedBooking } from '../api/get-booking-by-reference';

function Confirmed({ booking, confirmedAt, justNow }: { booking: ManagedBooking; confirmedAt: string | undefined; justNow: boolean }) {
  const ref = useRef<HTMLElement>(null);
  // Just confirmed: the answer is where the eye (and the screen reader) goes next.
  useEffect(() => {
    if (justNow) ref.current?.focus();
  }, [justNow]);
  return (
    <section
      className="panel confirm-stay confirm-stay--done"
      aria-labelledby="confirm-stay-heading"
      role="status"
      tabIndex={-1}
      ref={ref}
      data-testid="stay-confirmed"
    >
      <h2 id="confirm-stay-heading" className="panel__title">
        Your stay is reserved
      </h2>
      <p>
        {booking.cottage_name} is reserved for you from {formatDateWithWeekday(booking.check_in_date)}. Pay <strong>{formatInr(booking.total_amount)}</strong>{' '}
        at the property when you arrive; check-in is from {CHECK_IN_TIME}.
      </p>
      {confirmedAt && <p className="muted">You confirmed it on {formatLocalDeadline(confirmedAt)}.</p>}
    </section>
  );
}

/**
 * A booking paid at the property is held for 24 hours until the guest confirms it from the e-mail's
 * Confirm link: here, opened with that link (its `confirmToken`), one prominent action confirms it;
 * afterwards the page says it is reserved and paid on arrival. Nothing for other bookings.
 */
export function ConfirmStay({ booking, confirmToken }: { booking: ManagedBooking; confirmToken: string | undefined }) {
  const confirm = useConfirmPayAtProperty(booking.booking_reference, confirmToken ?? '');
  const left = useTimeLeft(booking.hold_expires_at);
  if (booking.payment_method !== 'offline' || booking.status !== 'pending' || booking.payment_status !== 'pending') return null;

  const confirmedAt = confirm.data?.guest_confirmed_at ?? booking.guest_confirmed_at;
  if (confirmedAt || confirm.isSuccess) return <Confirmed booking={booking} confirmedAt={confirmedAt} justNow={confirm.isSuccess} />;

  if (left === 0)
    return (
      <section className="panel confirm-stay" aria-labelledby="confirm-stay-heading" data-testid="confirm-stay">
        <h2 id="confirm-stay-heading" className="panel__title">
          The time to confirm has run out
        </h2>
        <p>This booking was not confirmed within 24 hours, so its villa is no longer held. Nothing was charged.</p>
        <p>
          <Link className="button button--primary" to={paths.home.getHref()}>
            Book again
          </Link>
        </p>
      </section>
    );

  const deadline = booking.hold_expires_at ? formatLocalDeadline(booking.hold_expires_at) : undefined;
  const error = confirm.error;
  return (
    <section className="panel confirm-stay" aria-labelledby="confirm-stay-heading" data-testid="confirm-stay">
      <h2 id="confirm-stay-heading" className="panel__title">
        Confirm your booking
      </h2>
      <p>
        We are holding {booking.cottage_name} for you
        {deadline ? (
          <>
            {' '}
            until <strong>{deadline}</strong>
          </>
        ) : null}
        . Confirm now to keep it; otherwise the hold is released and the villa goes back on sale.
      </p>
      <p>
        Nothing to pay now: you pay <strong>{formatInr(booking.total_amount)}</strong> at the property when you arrive.
      </p>
      {confirmToken ? (
        <button type="button" className="button button--primary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirm.isPending ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" /> Confirming...
            </>
          ) : (
            'Confirm my booking'
          )}
        </button>
      ) : (
        <p className="muted">To confirm it, use the Confirm your booking button in the e-mail we sent to {booking.customer_email}.</p>
      )}
      {error && (
        <div className="banner banner--error" role="alert">
          <p>
            {error instanceof ApiError
              ? error.message
              : "We couldn't reach the resort, so your booking is not confirmed yet. Please check your connection and try again."}
          </p>
        </div>
      )}
    </section>
  );
}
