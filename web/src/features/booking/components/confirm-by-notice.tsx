import { PAY_AT_PROPERTY_CONFIRM_HOURS } from '@shared/payment-rules';
import { formatLocalDeadline } from '@/lib/format';
import type { CreatedBooking } from '../api/schemas';
import { useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { Trans } from '@/i18n/trans';

/**
 * After booking to pay at the property: the one thing left to do, where the eye is. The villa is
 * held until the deadline; the e-mail's link confirms it. Nothing otherwise for an online booking.
 */
export function ConfirmByNotice({ booking }: { booking: CreatedBooking['booking'] }) {
  const t = useT();
  if (booking.payment_method !== 'offline' || booking.status !== 'pending') return null;
  return (
    <div className="confirm-by" data-testid="confirm-by">
      <p className="confirm-by__title">
        <strong>{t('Check your e-mail to confirm within {hours} hours', { hours: PAY_AT_PROPERTY_CONFIRM_HOURS })}</strong>
      </p>
      <p>
        <Trans id="We sent a link to <0>{email}</0>." values={{ email: booking.customer_email }} components={{ 0: <strong /> }} />{' '}
        {booking.hold_expires_at ? (
          <Trans
            id="Confirm from it by <0>{deadline}</0>, or the hold on your villa is released."
            values={{ deadline: formatLocalDeadline(booking.hold_expires_at) }}
            components={{ 0: <strong /> }}
          />
        ) : (
          t('Confirm from it, or the hold on your villa is released.')
        )}{' '}
        {t('You pay at the property when you arrive.')}
      </p>
    </div>
  );
}
