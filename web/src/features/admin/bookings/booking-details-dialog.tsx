import { useState } from 'react';
import { inRoleGroup, type UserRole } from '@shared/users';
import { formatInr } from '@shared/money';
import { Dialog } from '@/components/dialog';
import { formatLongDate } from '@/lib/format';
import { StatusBadge } from '../components/status-badge';
import { partyOf, paymentLabel, statusLabels } from './booking-format';
import { useBookingDetails, usePaymentUpdate } from './bookings-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The 'Booking Details' modal: every field of the booking, its payments and refunds, its safaris and its history. */
export function BookingDetailsDialog({ id, role, onClose }: { id: string | undefined; role: string | undefined; onClose: () => void }) {
  const details = useBookingDetails(id);
  const booking = details.data?.booking;
  const canSetPayment = inRoleGroup((role ?? 'customer') as UserRole, 'manager');

  return (
    <Dialog open={Boolean(id)} title="Booking Details" onClose={onClose} className="booking-details-dialog">
      {details.isPending ? <p className="muted">Loading the booking...</p> : null}
      {details.isError ? (
        <p className="form-banner" role="alert">
          {details.error.message}
        </p>
      ) : null}
      {booking && details.data ? (
        <div className="booking-details-view">
          <div className="booking-details-view__head">
            <strong className="booking-details-view__reference">{booking.booking_reference}</strong>
            <StatusBadge status={booking.status} label={statusLabels[booking.status]} />
            <StatusBadge status={booking.payment_status} label={paymentLabel(booking)} />
          </div>
          <dl className="booking-facts">
            <Fact label="Customer" value={booking.customer_name} />
            <Fact label="Email" value={booking.customer_email} />
            <Fact label="Phone" value={`${String(booking.country_code ?? '')} ${booking.customer_phone}`.trim()} />
            {booking.address ? <Fact label="Address" value={String(booking.address)} /> : null}
            <Fact label="Cottage" value={`${booking.cottage_name} (${booking.rooms} ${booking.rooms === 1 ? 'room' : 'rooms'})`} />
            <Fact label="Check-in" value={formatLongDate(booking.check_in_date)} />
            <Fact label="Check-out" value={formatLongDate(booking.check_out_date)} />
            <Fact label="Nights" value={String(booking.nights)} />
            <Fact label="Guests" value={`${booking.adults + booking.children} (${partyOf(booking)})`} />
            <Fact label="Package" value={booking.package_name} />
            <Fact label="Amount" value={formatInr(booking.total_amount)} />
            <Fact label="Payment method" value={booking.payment_method === 'offline' ? 'Pay at property' : 'Online (Razorpay)'} />
            <Fact label="Booked" value={when(booking.created_at)} />
            {booking.created_by ? <Fact label="Entered by" value={booking.created_by} /> : null}
            {booking.special_requests ? <Fact label="Special requests" value={booking.special_requests} /> : null}
            {booking.refund_amount !== undefined ? <Fact label="Refund" value={formatInr(Number(booking.refund_amount))} /> : null}
            {booking.needs_attention ? <Fact label="Needs attention" value={String(booking.needs_attention)} /> : null}
          </dl>

          <h4>Safaris</h4>
          {booking.safaris.length ? (
            <ul className="booking-list">
              {booking.safaris.map((safari, index) => (
                <li key={`${safari.name}-${safari.date}-${index}`}>
                  {safari.name}, {formatLongDate(safari.date)} {safari.time_slot}: {safari.guests} guests,{' '}
                  {safari.included ? 'included in the package' : formatInr(safari.amount)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No safaris.</p>
          )}

          <h4>Payments</h4>
          {details.data.payments.length || details.data.refunds.length ? (
            <ul className="booking-list">
              {details.data.payments.map((payment) => (
                <li key={payment.id}>
                  {when(payment.created_at)}: {payment.method} {formatInr(payment.amount)}, {payment.status}
                </li>
              ))}
              {details.data.refunds.map((refund) => (
                <li key={refund.id}>
                  {when(refund.created_at)}: refund {formatInr(refund.amount)}, {refund.status}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No payments yet.</p>
          )}
          {canSetPayment ? <PaymentControl id={booking.id} current={booking.payment_status} /> : null}

          <h4>History</h4>
          <ol className="booking-history">
            {details.data.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at}>{when(entry.at)}</time> <strong>{entry.event}</strong>
                {entry.by ? <span className="muted"> by {entry.by}</span> : null}
                {entry.before || entry.after ? (
                  <span className="muted">
                    {' '}
                    ({describe(entry.before)} → {describe(entry.after)})
                  </span>
                ) : null}
                {entry.note ? <div className="muted">“{entry.note}”</div> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </Dialog>
  );
}

const describe = (state: Record<string, unknown> | undefined) =>
  state
    ? ['status', 'payment_status']
        .filter((field) => state[field] !== undefined)
        .map((field) => String(state[field]))
        .join(', ') || 'created'
    : '–';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A manager's manual payment status (money taken at the desk, say): optimistic in the list, the server's message if refused. */
function PaymentControl({ id, current }: { id: string; current: string }) {
  const update = usePaymentUpdate();
  const [value, setValue] = useState(current);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  return (
    <form
      className="payment-control"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(undefined);
        update.mutate(
          { id, payment_status: value as 'pending' | 'paid' | 'refunded', ...(note.trim() ? { note: note.trim() } : {}) },
          {
            onSuccess: () => setMessage({ ok: true, text: `Payment status is now ${value}.` }),
            onError: (error) => {
              setValue(current);
              setMessage({ ok: false, text: error.message });
            },
          },
        );
      }}
    >
      <label>
        Payment status
        <select value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="pending">Pending</option>
          <option value="paid">Paid</option>
          <option value="refunded">Refunded</option>
        </select>
      </label>
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} placeholder="e.g. Paid by card at the desk" />
      </label>
      <button type="submit" className="button button--secondary" disabled={update.isPending || value === current}>
        {update.isPending ? 'Saving...' : 'Update payment'}
      </button>
      {message ? (
        <p className={message.ok ? 'muted' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
