import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_KEY, setLocale } from '@/i18n/i18n';
import { fail, ok, paidBooking, renderApp, stubFetch } from './support/app-harness';

const reference = 'VMLX2K9QF3A1B2C3';
const lookupPath = new RegExp(`^/api/bookings/reference/${reference}$`);
const paymentsPath = /^\/api\/payments\/booking\//;

describe('a booking after it is made, in Hindi (docs/product.md#languages)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('shows the booking, its price, its payment and its cancellation in Hindi, names and amounts as they are', async () => {
    // Prepare
    stubFetch([
      { method: 'GET', path: lookupPath, answer: () => ok(paidBooking()) },
      {
        method: 'GET',
        path: paymentsPath,
        answer: () =>
          ok({
            payments: [
              { id: 'pay_Zy98Xw76Vu54Ts', amount: 36_000, currency: 'INR', status: 'captured', method: 'razorpay', created_at: '2030-01-10T08:00:00.000Z' },
            ],
            refunds: [],
          }),
      },
    ]);
    await act(() => setLocale('hi'));
    // Act
    renderApp(`/booking/${reference}?token=t0k3n`);
    // Assess: the details
    const details = await screen.findByRole('region', { name: `बुकिंग ${reference}` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('आपकी बुकिंग');
    expect(within(details).getByTestId('booking-status').textContent).toBe('पक्की');
    expect(within(details).getByText('2 वयस्क, 1 कमरा')).toBeTruthy();
    expect(within(details).getByTestId('payment-state').textContent).toBe('ऑनलाइन भुगतान हो चुका');
    expect(within(details).getByText(/, 2:00 pm से$/)).toBeTruthy();
    expect(within(details).getByText('कीमत का ब्योरा')).toBeTruthy();
    expect(within(details).getByText('Hornbill Villa: 2 रातें × ₹18,000')).toBeTruthy();
    // The payment
    const history = await screen.findByTestId('payment-history');
    expect(within(history).getByRole('heading').textContent).toBe('भुगतान');
    expect(within(history).getByText('ऑनलाइन (कार्ड, UPI या नेट बैंकिंग)')).toBeTruthy();
    // Act: cancel, refund first
    expect(screen.getByText(/मुफ़्त रद्दीकरण। अभी रद्द करने पर ₹36,000 लौटेंगे।$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'बुकिंग रद्द करें' }));
    const dialog = await screen.findByRole('dialog', { name: `बुकिंग ${reference} रद्द करें?` });
    expect(within(dialog).getByTestId('refund').textContent).toContain('अभी रद्द करने पर वापसी');
    expect(within(dialog).getByTestId('refund').textContent).toContain('आपका चुकाया पूरा पैसा लौट आएगा');
    expect(within(dialog).getByRole('button', { name: 'मेरी बुकिंग रखें' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/Refund|Cancel|Keep/);
  });

  it("finds a booking in Hindi: the form's words and problems, and the API's refusal", async () => {
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => fail(404, 'No booking matches this reference and e-mail') }]);
    await act(() => setLocale('hi'));
    renderApp('/booking');
    await userEvent.click(await screen.findByRole('button', { name: 'मेरी बुकिंग खोजें' }));
    expect(screen.getByText('कृपया अपना बुकिंग संदर्भ लिखें')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^बुकिंग संदर्भ/), reference);
    await userEvent.type(screen.getByLabelText(/^ई-मेल/), 'someone@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'मेरी बुकिंग खोजें' }));
    expect((await screen.findByTestId('lookup-failure')).textContent).toBe('इस संदर्भ और ई-मेल से कोई बुकिंग नहीं मिली');
    // Shown again in the language the guest switches to.
    await act(() => setLocale('en'));
    expect(screen.getByTestId('lookup-failure').textContent).toBe('No booking matches this reference and e-mail');
    await act(() => setLocale('hi'));
    expect(screen.getByRole('link', { name: 'साइन इन करें' }).parentElement?.textContent).toBe('खाता है? अपनी सभी बुकिंग देखने के लिए साइन इन करें।');
  });

  it("speaks the booking's language when this browser never chose one, without keeping it; a choice made here wins", async () => {
    stubFetch([{ method: 'GET', path: lookupPath, answer: () => ok(paidBooking({ language: 'hi' })) }]);
    const first = renderApp(`/booking/${reference}?token=t0k3n`);
    expect(await screen.findByRole('heading', { level: 1, name: 'आपकी बुकिंग' })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
    first.unmount();

    await act(() => setLocale('en'));
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    renderApp(`/booking/${reference}?token=t0k3n`);
    await screen.findByRole('region', { name: `Booking ${reference}` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your booking');
  });
});
