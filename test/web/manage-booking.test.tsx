import { formatSlot } from '@shared/stay-format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { lookupMessages, lookupProblems } from '@/features/manage/components/lookup-form';
import { fail, location, ok, paidBooking, renderApp, stubFetch } from './support/app-harness';

const reference = 'VMLX2K9QF3A1B2C3';
const lookupPath = new RegExp(`^/api/bookings/reference/${reference}$`);
const cancelPath = new RegExp(`^/api/bookings/reference/${reference}/cancel$`);

beforeEach(() => localStorage.clear());

describe('finding a booking by reference and e-mail (/booking)', () => {
  it('checks the reference and the e-mail before asking the server, with the message under each field and focus on the first', async () => {
    // Prepare
    const sent = stubFetch([]);
    renderApp('/booking');
    const find = await screen.findByRole('button', { name: 'Find my booking' });
    // Act: nothing typed
    await userEvent.click(find);
    // Assess
    const referenceField = screen.getByLabelText(/^Booking reference/);
    expect(screen.getByText(lookupMessages.referenceRequired)).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(document.activeElement).toBe(referenceField);
    expect(referenceField.getAttribute('aria-invalid')).toBe('true');
    expect(referenceField.getAttribute('aria-describedby')).toContain('lookup-reference-error');

    // Act: a reference of another shape, an e-mail without its domain
    await userEvent.type(referenceField, 'ABC-123');
    expect(screen.queryByText(lookupMessages.referenceRequired)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Email/), 'meera@');
    await userEvent.click(find);
    // Assess
    expect(screen.getByText(lookupMessages.reference)).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('states its rules as pure functions: spaces and case do not matter, the e-mail follows the booking form', () => {
    expect(lookupProblems({ reference: ' vmlx2k9qf3a1b2c3 ', email: 'meera@example.in' })).toEqual({});
    expect(lookupProblems({ reference: 'VM12', email: 'x@y.z' })).toEqual({ reference: lookupMessages.reference });
    expect(lookupProblems({ reference: '', email: '' })).toEqual({ reference: lookupMessages.referenceRequired, email: 'Email is required' });
  });

  it("shows the server's 404 message in a focused alert, then opens the booking with the right e-mail", async () => {
    // Prepare
    const sent = stubFetch([
      {
        method: 'GET',
        path: lookupPath,
        answer: ({ search }) =>
          new URLSearchParams(search).get('email') === 'meera@example.in' ? ok(paidBooking()) : fail(404, 'No booking matches this reference and e-mail'),
      },
    ]);
    renderApp(`/booking?reference=${reference}`);
    const email = await screen.findByLabelText(/^Email/);
    expect((screen.getByLabelText(/^Booking reference/) as HTMLInputElement).value).toBe(reference);
    // Act: a wrong e-mail
    await userEvent.type(email, 'someone@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
    // Assess
    const alert = await screen.findByTestId('lookup-failure');
    expect(alert.textContent).toBe('No booking matches this reference and e-mail');
    await waitFor(() => expect(document.activeElement).toBe(alert));

    // Act: the right one
    await userEvent.clear(email);
    await userEvent.type(email, 'meera@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
    // Assess: the manage page, with the e-mail kept out of the address
    await screen.findByRole('region', { name: `Booking ${reference}` });
    expect(location.current).toBe(`/booking/${reference}`);
    expect(location.state).toEqual({ email: 'meera@example.in' });
    expect(sent.map((request) => request.path)).toEqual([
      `/api/bookings/reference/${reference}?email=someone%40example.in`,
      `/api/bookings/reference/${reference}?email=meera%40example.in`,
    ]);
  });

  it("shows the server's 429 message with its Retry-After, and holds the button that long", async () => {
    // Prepare
    const message = 'Too many booking lookups from this address (at most 20 a minute). Please try again in a minute.';
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => fail(429, message, { headers: { 'retry-after': '42' } }) }]);
    renderApp(`/booking?reference=${reference}`);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'meera@example.in');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
    // Assess
    expect((await screen.findByTestId('lookup-failure')).textContent).toBe(`${message} (you can try again in 42 seconds)`);
    expect((screen.getByRole('button', { name: 'Find my booking' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('managing a booking (/booking/:reference)', () => {
  it('shows the booking from the confirmation link: villa, dates, party, package, safaris, amounts, status and payment', async () => {
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(paidBooking()) }]);
    renderApp(`/booking/${reference}?token=abc.secret`);
    const details = await screen.findByRole('region', { name: `Booking ${reference}` });
    const text = details.textContent ?? '';
    for (const fact of [
      reference,
      'Hornbill Villa',
      'Tuesday, 5 March 2030, from 2:00 pm',
      'Thursday, 7 March 2030, by 11:00 am',
      '2 adults, 1 room',
      'Safari Adventure',
      `Morning Jeep Safari, Tue, 5 Mar, ${formatSlot('06:00-09:00')}, 2 guests`,
      '₹36,000',
    ])
      expect(text).toContain(fact);
    expect(within(details).getByTestId('booking-status').textContent).toBe('Confirmed');
    expect(within(details).getByTestId('payment-state').textContent).toBe('Paid online');
  });

  it('sends a visit without the link or an e-mail to the lookup, the reference filled in', async () => {
    stubFetch([]);
    renderApp(`/booking/${reference}`);
    await screen.findByRole('button', { name: 'Find my booking' });
    expect(location.current).toBe(`/booking?reference=${reference}`);
  });

  it('shows the exact refund in a dialog before anything is cancelled; Keep my booking sends nothing', async () => {
    // Prepare
    const sent = stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(paidBooking()) }]);
    renderApp(`/booking/${reference}?token=abc.secret`);
    await screen.findByRole('button', { name: 'Cancel booking' });
    expect(screen.getByText(/^Free cancellation until Sunday, 3 March 2030 at 2:00 pm\. Cancelling now refunds ₹36,000\.$/)).toBeTruthy();
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    // Assess: the dialog names the booking and the refund; focus on the safe choice
    const dialog = screen.getByRole('dialog', { name: `Cancel booking ${reference}?` });
    expect(within(dialog).getByTestId('refund').textContent).toBe(
      'Refund if you cancel now₹36,000Everything you paid comes back: you are cancelling before the free-cancellation deadline, Sunday, 3 March 2030 at 2:00 pm.',
    );
    expect(dialog.textContent).toContain('Hornbill Villa, Tue, 5 Mar to Thu, 7 Mar, 2 guests, for Ms Meera Iyer.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('cancels with the same proof after the guest confirms, and moves focus to the result', async () => {
    // Prepare
    let cancelled = false;
    const sent = stubFetch([
      {
        method: 'GET',
        path: lookupPath,
        answer: () => ok(cancelled ? paidBooking({ status: 'cancelled', refund_amount: 36_000, cancellation: undefined }) : paidBooking()),
      },
      {
        method: 'PUT',
        path: cancelPath,
        answer: () => {
          cancelled = true;
          return ok({ booking: paidBooking({ status: 'cancelled', refund_amount: 36_000 }), refundAmount: 36_000, policy: 'Free cancellation up to 48 hours' });
        },
      },
    ]);
    renderApp(`/booking/${reference}?token=abc.secret`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    // Assess
    const result = await screen.findByTestId('cancel-result');
    expect(result.textContent).toContain(`Booking ${reference} is cancelled.`);
    expect(result.textContent).toContain('Refund: ₹36,000, to the card you paid with');
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({
      path: `/api/bookings/reference/${reference}/cancel`,
      body: { token: 'abc.secret' },
    });
    await waitFor(() => expect(screen.getByTestId('booking-status').textContent).toBe('Cancelled'));
  });

  it('says nothing is refunded when nothing was paid, and keeps the dialog open with the reason on a 409', async () => {
    stubFetch([
      {
        method: 'GET',
        path: lookupPath,
        answer: () =>
          ok(
            paidBooking({
              payment_method: 'offline',
              payment_status: 'pending',
              status: 'pending',
              cancellation: { ...paidBooking().cancellation!, refundAmount: 0 },
            }),
          ),
      },
      { method: 'PUT', path: cancelPath, answer: () => fail(409, 'This booking can no longer be cancelled: check-in time has passed') },
    ]);
    renderApp(`/booking/${reference}`, { email: 'meera@example.in' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel booking ${reference}?` });
    expect(within(dialog).getByTestId('refund').textContent).toContain('₹0');
    expect(within(dialog).getByTestId('refund').textContent).toContain('Nothing has been charged for this booking (you chose to pay at the property)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This booking can no longer be cancelled: check-in time has passed');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("shows the server's 404 with a way to the lookup, and its 429 with Retry-After", async () => {
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => fail(404, 'No booking matches this reference and e-mail') }]);
    const first = renderApp(`/booking/${reference}?token=wrong`);
    const notFound = await screen.findByTestId('manage-failure');
    expect(notFound.textContent).toContain('No booking matches this reference and e-mail');
    expect(within(notFound).getByRole('link', { name: 'Find it with your e-mail' }).getAttribute('href')).toBe(`/booking?reference=${reference}`);
    first.unmount();

    stubFetch([
      { method: 'GET', path: lookupPath, answer: () => fail(429, 'Too many booking lookups from this address.', { headers: { 'retry-after': '30' } }) },
    ]);
    renderApp(`/booking/${reference}?token=abc.secret`);
    expect((await screen.findByTestId('manage-failure')).textContent).toContain('Too many booking lookups from this address. You can try again in 30 seconds.');
  });
});
