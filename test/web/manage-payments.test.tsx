import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatLocalDeadline } from '@/lib/format';
import { fail, ok, paidBooking, renderApp, stubFetch } from './support/app-harness';

const reference = 'VMLX2K9QF3A1B2C3';
const bookingId = '6f1c2f43-8d5e-4c1b-9a57-0d9b1e2f3a4b';
const token = 'abc.secret';
/** The proof the e-mail's Confirm link adds (`&confirm=`). */
const confirmToken = 'abc.confirm-proof';
const lookupPath = new RegExp(`^/api/bookings/reference/${reference}$`);
const confirmPath = /^\/api\/payments\/offline-payment$/;
const paymentsPath = new RegExp(`^/api/payments/booking/${bookingId}$`);

const holdUntil = new Date(Date.now() + 20 * 3600_000).toISOString();
/** A booking to pay at the property, made an hour or so ago and not yet confirmed from the e-mail. */
const payAtProperty = (confirmedAt?: string) => ({
  ...paidBooking({ status: 'pending', payment_method: 'offline', payment_status: 'pending' }),
  hold_expires_at: holdUntil,
  ...(confirmedAt ? { guest_confirmed_at: confirmedAt } : {}),
});

beforeEach(() => localStorage.clear());

describe('confirming a booking paid at the property (/booking/:reference?token=&confirm=)', () => {
  it('offers one prominent Confirm my booking with the deadline, and then says the villa is reserved, paid on arrival', async () => {
    // Prepare
    let confirmedAt: string | undefined;
    const sent = stubFetch([
      { method: 'GET', path: lookupPath, answer: () => ok(payAtProperty(confirmedAt)) },
      {
        method: 'POST',
        path: confirmPath,
        answer: () => {
          confirmedAt = new Date().toISOString();
          return ok({ booking: payAtProperty(confirmedAt) });
        },
      },
    ]);
    renderApp(`/booking/${reference}?token=${token}&confirm=${confirmToken}`);
    // Assess: the action, before the details
    const panel = await screen.findByTestId('confirm-stay');
    expect(within(panel).getByRole('heading').textContent).toBe('Confirm your booking');
    expect(panel.textContent).toContain(`We are holding Hornbill Villa for you until ${formatLocalDeadline(holdUntil)}.`);
    expect(panel.textContent).toContain('you pay ₹36,000 at the property when you arrive');
    expect(panel.compareDocumentPosition(screen.getByRole('region', { name: `Booking ${reference}` })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Act
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm my booking' }));
    // Assess: confirmed, said where the focus goes
    const done = await screen.findByTestId('stay-confirmed');
    expect(within(done).getByRole('heading').textContent).toBe('Your stay is reserved');
    expect(done.textContent).toContain('Hornbill Villa is reserved for you from Tuesday, 5 March 2030. Pay ₹36,000 at the property when you arrive');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('button', { name: 'Confirm my booking' })).toBeNull();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/payments/offline-payment', body: { reference, confirmToken } }),
    ]);
  });

  it("shows the server's refusal where the button is, and keeps the button", async () => {
    stubFetch([
      { method: 'GET', path: lookupPath, answer: () => ok(payAtProperty()) },
      { method: 'POST', path: confirmPath, answer: () => fail(409, 'This booking was not confirmed in time and its villa hold was released.') },
    ]);
    renderApp(`/booking/${reference}?token=${token}&confirm=${confirmToken}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This booking was not confirmed in time and its villa hold was released.');
    expect(screen.getByRole('button', { name: 'Confirm my booking' })).toBeTruthy();
  });

  it('shows a booking already confirmed as reserved, and one opened by e-mail points to the link (the confirm needs it)', async () => {
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(payAtProperty('2030-01-10T09:00:00.000Z')) }]);
    const confirmed = renderApp(`/booking/${reference}?token=${token}`);
    expect((await screen.findByTestId('stay-confirmed')).textContent).toContain(`You confirmed it on ${formatLocalDeadline('2030-01-10T09:00:00.000Z')}.`);
    confirmed.unmount();

    stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(payAtProperty()) }]);
    renderApp(`/booking/${reference}`, { email: 'meera@example.in' });
    const panel = await screen.findByTestId('confirm-stay');
    expect(panel.textContent).toContain('To confirm it, use the Confirm your booking button in the e-mail we sent to meera@example.in.');
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('opened with the manage link alone (no Confirm proof), it offers no Confirm and points to the e-mail', async () => {
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(payAtProperty()) }]);
    renderApp(`/booking/${reference}?token=${token}`);
    const panel = await screen.findByTestId('confirm-stay');
    expect(within(panel).queryByRole('button', { name: 'Confirm my booking' })).toBeNull();
    expect(panel.textContent).toContain('use the Confirm your booking button in the e-mail');
  });
});

describe("a paid booking's payment on the manage page", () => {
  it('shows the amount, when it was paid and the payment id; a refunded one its refund too', async () => {
    // Prepare
    const payment = {
      id: 'pay_Zy98Xw76Vu54Ts',
      booking_id: bookingId,
      booking_reference: reference,
      order_id: 'order_Ab12Cd34Ef56Gh',
      method: 'razorpay',
      amount: 36_000,
      currency: 'INR',
      status: 'captured',
      created_at: '2030-01-10T08:01:00.000Z',
    };
    const refund = {
      id: 'rfnd_Qw12Er34Ty56Ui',
      booking_id: bookingId,
      booking_reference: reference,
      payment_id: payment.id,
      amount: 36_000,
      status: 'pending',
      reason: 'Cancelled by the guest',
      created_at: '2030-02-01T10:00:00.000Z',
    };
    let refunded = false;
    const sent = stubFetch([
      {
        method: 'GET',
        path: lookupPath,
        answer: () => ok(paidBooking(refunded ? { status: 'cancelled', payment_status: 'refunded', refund_amount: 36_000 } : {})),
      },
      { method: 'GET', path: paymentsPath, answer: () => ok({ payments: [payment], refunds: refunded ? [refund] : [] }) },
    ]);
    const paid = renderApp(`/booking/${reference}?token=${token}`);
    // Assess: paid
    const history = await screen.findByTestId('payment-history');
    expect(within(history).getByRole('heading').textContent).toBe('Payment');
    const record = within(history).getByTestId('payment-record');
    expect(record.textContent).toContain('Paid₹36,000');
    expect(record.textContent).toContain(`Paid on${formatLocalDeadline(payment.created_at)}`);
    expect(record.textContent).toContain('Payment IDpay_Zy98Xw76Vu54Ts');
    expect(sent.map((request) => request.path)).toContain(`/api/payments/booking/${bookingId}?token=${token}`);
    paid.unmount();

    // Act: the same booking, cancelled and refunded
    refunded = true;
    renderApp(`/booking/${reference}?token=${token}`);
    // Assess
    const withRefund = await screen.findByTestId('payment-history');
    expect(within(withRefund).getByRole('heading').textContent).toBe('Payment and refund');
    const refundRecord = within(withRefund).getByTestId('refund-record');
    expect(refundRecord.textContent).toContain('Refunded₹36,000');
    expect(refundRecord.textContent).toContain('On its way: 5-7 working days to reach your account');
    expect(refundRecord.textContent).toContain('Refund IDrfnd_Qw12Er34Ty56Ui');
  });

  it('looks again for a refund due after a cancellation until it is recorded', async () => {
    let asked = 0;
    stubFetch([
      { method: 'GET', path: lookupPath, answer: () => ok(paidBooking({ status: 'cancelled', refund_amount: 36_000 })) },
      {
        method: 'GET',
        path: paymentsPath,
        answer: () => {
          asked += 1;
          const payment = {
            id: 'pay_Zy98Xw76Vu54Ts',
            method: 'razorpay',
            amount: 36_000,
            currency: 'INR',
            status: 'captured',
            created_at: '2030-01-10T08:01:00.000Z',
          };
          const refund = { id: 'rfnd_Qw12Er34Ty56Ui', payment_id: payment.id, amount: 36_000, status: 'processed', created_at: '2030-02-01T10:00:00.000Z' };
          return ok({ payments: [payment], refunds: asked > 1 ? [refund] : [] });
        },
      },
    ]);
    renderApp(`/booking/${reference}?token=${token}`);
    await screen.findByTestId('payment-record');
    expect(screen.queryByTestId('refund-record')).toBeNull();
    expect((await screen.findByTestId('refund-record', {}, { timeout: 4_000 })).textContent).toContain('Sent back to the account you paid from');
    expect(asked).toBe(2);
  });

  it('asks for no payment record of a booking nothing was paid for', async () => {
    const sent = stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(payAtProperty()) }]);
    renderApp(`/booking/${reference}?token=${token}`);
    await screen.findByTestId('confirm-stay');
    expect(screen.queryByTestId('payment-history')).toBeNull();
    expect(sent.some((request) => request.path.startsWith('/api/payments/booking'))).toBe(false);
  });
});
