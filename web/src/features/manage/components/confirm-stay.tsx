import { stayLimits } from '@shared/stay';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatInr } from '@shared/money';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateWithWeekday, formatSlot } from '@/lib/format';
import { formatLocalDeadline } from '@/lib/format';
import { useTimeLeft } from '@/lib/hold-time';
import { localizeMessage, useT } from '@/i18n/i18n';
import '@/i18n/english/manage';
import { Trans } from '@/i18n/trans';
import { useConfirmPayAtProperty } from '../api/confirm-pay-at-property';
import type { ManagedBooking } from '../api/get-booking-by-reference';

function Confirmed({ booking, confirmedAt, justNow }: { booking: ManagedBooking; confirmedAt: string | undefined; justNow: boolean }) {
  const ref = useRef<HTMLElement>(null);
  // Just confirmed: the answer is where the eye (and the screen reader) goes next.
  useEffect(() => {
    if (justNow) ref.current?.focus();
  }, [justNow]);
  const t = useT();
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
        {t('Your stay is reserved')}
      </h2>
      <p>
        <Trans
          id="{villa} is reserved for you from {date}. Pay <0>{amount}</0> at the property when you arrive; check-in is from {time}."
          values={{
            villa: booking.cottage_name,
            date: formatDateWithWeekday(booking.check_in_date),
            amount: formatInr(booking.total_amount),
            time: formatSlot(stayLimits.checkInTime),
          }}
          components={{ 0: <strong /> }}
        />
      </p>
      {confirmedAt && <p className="muted">{t('You confirmed it on {when}.', { when: formatLocalDeadline(confirmedAt) })}</p>}
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
  const t = useT();
  if (booking.payment_method !== 'offline' || booking.status !== 'pending' || booking.payment_status !== 'pending') return null;

  const confirmedAt = confirm.data?.guest_confirmed_at ?? booking.guest_confirmed_at;
  if (confirmedAt || confirm.isSuccess) return <Confirmed booking={booking} confirmedAt={confirmedAt} justNow={confirm.isSuccess} />;

  if (left === 0)
    return (
      <section className="panel confirm-stay" aria-labelledby="confirm-stay-heading" data-testid="confirm-stay">
        <h2 id="confirm-stay-heading" className="panel__title">
          {t('The time to confirm has run out')}
        </h2>
        <p>{t('This booking was not confirmed within 24 hours, so its villa is no longer held. Nothing was charged.')}</p>
        <p>
          <Link className="button button--primary" to={paths.home.getHref()}>
            {t('Book again')}
          </Link>
        </p>
      </section>
    );

  const deadline = booking.hold_expires_at ? formatLocalDeadline(booking.hold_expires_at) : undefined;
  const error = confirm.error;
  return (
    <section className="panel confirm-stay" aria-labelledby="confirm-stay-heading" data-testid="confirm-stay">
      <h2 id="confirm-stay-heading" className="panel__title">
        {t('Confirm your booking')}
      </h2>
      <p>
        {deadline ? (
          <Trans
            id="We are holding {villa} for you until <0>{deadline}</0>. Confirm now to keep it; otherwise the hold is released and the villa goes back on sale."
            values={{ villa: booking.cottage_name, deadline }}
            components={{ 0: <strong /> }}
          />
        ) : (
          t('We are holding {villa} for you. Confirm now to keep it; otherwise the hold is released and the villa goes back on sale.', {
            villa: booking.cottage_name,
          })
        )}
      </p>
      <p>
        <Trans
          id="Nothing to pay now: you pay <0>{amount}</0> at the property when you arrive."
          values={{ amount: formatInr(booking.total_amount) }}
          components={{ 0: <strong /> }}
        />
      </p>
      {confirmToken ? (
        <button type="button" className="button button--primary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirm.isPending ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" /> {t('Confirming...')}
            </>
          ) : (
            t('Confirm my booking')
          )}
        </button>
      ) : (
        <p className="muted">{t('To confirm it, use the Confirm your booking button in the e-mail we sent to {email}.', { email: booking.customer_email })}</p>
      )}
      {error && (
        <div className="banner banner--error" role="alert">
          <p>
            {error instanceof ApiError
              ? localizeMessage(error.message)
              : t("We couldn't reach the resort, so your booking is not confirmed yet. Please check your connection and try again.")}
          </p>
        </div>
      )}
    </section>
  );
}
