import { PAY_AT_PROPERTY_CONFIRM_HOURS } from '@shared/payment-rules';
import { formatLocalDeadline } from '@/lib/hold-time';
import type { CreatedBooking } from '../api/schemas';

/**
 * After booking to pay at the property: the one thing left to do, where the eye is. The villa is
 * held until the deadline; the e-mail's link confirms it. Nothing otherwise for an online booking.
 */
export function ConfirmByNotice({ booking }: { booking: CreatedBooking['booking'] }) {
  if (booking.payment_method !== 'offline' || booking.status !== 'pending') return null;
  return (
    <div className="confirm-by" data-testid="confirm-by">
      <p className="confirm-by__title">
        <strong>Check your e-mail to confirm within {PAY_AT_PROPERTY_CONFIRM_HOURS} hours</strong>
      </p>
      <p>
        We sent a link to <strong>{booking.customer_email}</strong>.{' '}
        {booking.hold_expires_at ? (
          <>
            Confirm from it by <strong>{formatLocalDeadline(booking.hold_expires_at)}</strong>, or the hold on your villa is released.
          </>
        ) : (
          'Confirm from it, or the hold on your villa is released.'
        )}{' '}
        You pay at the property when you arrive.
      </p>
    </div>
  );
}
