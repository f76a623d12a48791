import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatInr } from '@shared/money';
import { formatLocalDeadline } from '@/lib/format';
import { useT, type MessageId } from '@/i18n/i18n';
import '@/i18n/english/manage';
import { useBookingPayments, type BookingPayment, type BookingRefund } from '../api/get-booking-payments';
import { bookingByReferenceKey, type ManagedBooking } from '../api/get-booking-by-reference';

const methodNames: Record<string, MessageId> = {
  razorpay: 'Online (card, UPI or net banking)',
  offline: 'At the property',
  manual: 'At the property',
};

const refundStates: Record<string, MessageId> = {
  pending: 'On its way: 5-7 working days to reach your account',
  processed: 'Sent back to the account you paid from (your bank may take 5-7 working days to show it)',
  failed: 'Could not be sent: our front desk will contact you',
};

function Payment({ payment }: { payment: BookingPayment }) {
  const t = useT();
  const method = methodNames[payment.method];
  return (
    <li className="payment-history__item" data-testid="payment-record">
      <p className="payment-history__head">
        <span>{t('Paid')}</span>
        <span className="payment-history__amount">{formatInr(payment.amount)}</span>
      </p>
      <dl className="payment-history__facts">
        <div>
          <dt>{t('Paid on')}</dt>
          <dd>{formatLocalDeadline(payment.updated_at ?? payment.created_at)}</dd>
        </div>
        <div>
          <dt>{t('Method')}</dt>
          <dd>{method ? t(method) : payment.method}</dd>
        </div>
        <div>
          <dt>{t('Payment ID')}</dt>
          <dd>
            <code>{payment.id}</code>
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Refund({ refund }: { refund: BookingRefund }) {
  const t = useT();
  const state = refundStates[refund.status];
  return (
    <li className="payment-history__item payment-history__item--refund" data-testid="refund-record">
      <p className="payment-history__head">
        <span>{t('Refunded')}</span>
        <span className="payment-history__amount">{formatInr(refund.amount)}</span>
      </p>
      <dl className="payment-history__facts">
        <div>
          <dt>{t('Refunded on')}</dt>
          <dd>{formatLocalDeadline(refund.processed_at ?? refund.created_at)}</dd>
        </div>
        <div>
          <dt>{t('Status')}</dt>
          <dd>{state ? t(state) : refund.status}</dd>
        </div>
        <div>
          <dt>{t('Refund ID')}</dt>
          <dd>
            <code>{refund.id}</code>
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * What was paid for a booking and what came back, from the payment records (amount, when, the
 * provider's ids a bank or our front desk will ask for). Shown once money has moved.
 */
export function PaymentHistory({ booking, token }: { booking: ManagedBooking; token: string | undefined }) {
  const moneyMoved = booking.payment_status === 'paid' || booking.payment_status === 'refunded';
  const refundDue = booking.status === 'cancelled' && (booking.refund_amount ?? 0) > 0;
  const history = useBookingPayments(booking.id, token, { enabled: moneyMoved, refundDue });
  const t = useT();
  // The refund is sent by the server just after the cancellation answers: once it is on record,
  // read the booking again, so its payment line says Refunded rather than Paid.
  const queryClient = useQueryClient();
  const refundRecorded = (history.data?.refunds.length ?? 0) > 0;
  const staleLine = refundRecorded && booking.payment_status === 'paid';
  useEffect(() => {
    if (staleLine) void queryClient.invalidateQueries({ queryKey: bookingByReferenceKey(booking.booking_reference).slice(0, 1) });
  }, [staleLine, queryClient, booking.booking_reference]);
  if (!moneyMoved || !token) return null;
  if (history.isPending)
    return (
      <section className="panel payment-history" aria-label={t('Payment')} aria-busy="true">
        <div className="skeleton skeleton--price" />
      </section>
    );
  if (history.isError)
    return (
      <section className="panel payment-history" aria-labelledby="payment-history-heading">
        <h2 id="payment-history-heading" className="panel__title">
          {t('Payment')}
        </h2>
        <p className="muted">
          {t('The payment details could not be loaded.')}{' '}
          <button type="button" className="link-button" onClick={() => void history.refetch()}>
            {t('Try again')}
          </button>
        </p>
      </section>
    );
  const payments = history.data.payments.filter((payment) => ['captured', 'paid', 'refunded'].includes(payment.status));
  const refunds = history.data.refunds;
  if (payments.length === 0 && refunds.length === 0) return null;
  return (
    <section className="panel payment-history" aria-labelledby="payment-history-heading" data-testid="payment-history">
      <h2 id="payment-history-heading" className="panel__title">
        {refunds.length > 0 ? t('Payment and refund') : t('Payment')}
      </h2>
      <ul className="payment-history__list">
        {payments.map((payment) => (
          <Payment key={payment.id} payment={payment} />
        ))}
        {refunds.map((refund) => (
          <Refund key={refund.id} refund={refund} />
        ))}
      </ul>
    </section>
  );
}
