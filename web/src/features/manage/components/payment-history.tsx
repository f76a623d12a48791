import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatInr } from '@shared/money';
import { formatLocalDeadline } from '@/lib/format';
import { useBookingPayments, type BookingPayment, type BookingRefund } from '../api/get-booking-payments';
import { bookingByReferenceKey, type ManagedBooking } from '../api/get-booking-by-reference';

const methodNames: Record<string, string> = {
  razorpay: 'Online (card, UPI or net banking)',
  offline: 'At the property',
  manual: 'At the property',
};

const refundStates: Record<string, string> = {
  pending: 'On its way: 5-7 working days to reach your account',
  processed: 'Sent back to the account you paid from (your bank may take 5-7 working days to show it)',
  failed: 'Could not be sent: our front desk will contact you',
};

function Payment({ payment }: { payment: BookingPayment }) {
  return (
    <li className="payment-history__item" data-testid="payment-record">
      <p className="payment-history__head">
        <span>Paid</span>
        <span className="payment-history__amount">{formatInr(payment.amount)}</span>
      </p>
      <dl className="payment-history__facts">
        <div>
          <dt>Paid on</dt>
          <dd>{formatLocalDeadline(payment.updated_at ?? payment.created_at)}</dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{methodNames[payment.method] ?? payment.method}</dd>
        </div>
        <div>
          <dt>Payment ID</dt>
          <dd>
            <code>{payment.id}</code>
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Refund({ refund }: { refund: BookingRefund }) {
  return (
    <li className="payment-history__item payment-history__item--refund" data-testid="refund-record">
      <p className="payment-history__head">
        <span>Refunded</span>
        <span className="payment-history__amount">{formatInr(refund.amount)}</span>
      </p>
      <dl className="payment-history__facts">
        <div>
          <dt>Refunded on</dt>
          <dd>{formatLocalDeadline(refund.processed_at ?? refund.created_at)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{refundStates[refund.status] ?? refund.status}</dd>
        </div>
        <div>
          <dt>Refund ID</dt>
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
      <section className="panel payment-history" aria-label="Payment" aria-busy="true">
        <div className="skeleton skeleton--price" />
      </section>
    );
  if (history.isError)
    return (
      <section className="panel payment-history" aria-labelledby="payment-history-heading">
        <h2 id="payment-history-heading" className="panel__title">
          Payment
        </h2>
        <p className="muted">
          The payment details could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void history.refetch()}>
            Try again
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
        {refunds.length > 0 ? 'Payment and refund' : 'Payment'}
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
