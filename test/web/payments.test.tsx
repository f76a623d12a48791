import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OPEN_HOLD_LIMIT, PAY_AT_PROPERTY_CONFIRM_HOURS, UNPAID_NIGHT_LIMIT, UNPAID_STAY_LIMIT, paymentMessages } from '@shared/payments';
import { ConfirmByNotice } from '@/features/booking/components/confirm-by-notice';
import { loadPaymentStep } from '@/features/booking/components/step-chunks';
import type { Draft } from '@/features/booking/model/draft';
import { sessionKeys } from '@/features/booking/model/session-store';
import { formatLocalDeadline } from '@/lib/format';
import { formatCountdown } from '@/lib/hold-time';
import { addDaysIso } from '@shared/stay';
import { formatSlot, formatStayDay } from '@shared/stay-format';
import { packagedDraft, stubApi } from './support/wizard-harness';
import {
  bookingId,
  checkoutResponse,
  envelope,
  openStep4,
  orderId,
  paths,
  paymentRoutes,
  readyDraft,
  record,
  reference,
  refusal,
  created,
} from './support/payment-harness';

describe('paying online in test mode', () => {
  it('books, opens the test checkout with the amount, the reference and the hold, and Pay reaches the confirmation', async () => {
    // Prepare
    const requests = stubApi(paymentRoutes());
    await openStep4(readyDraft());
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    // Assess: the test checkout, unmistakably a test
    const checkout = await screen.findByRole('dialog', { name: 'Secure checkout' });
    expect(checkout.textContent).toContain('Test mode — no real money.');
    expect(within(checkout).getByTestId('test-checkout-amount').textContent).toBe('₹49,352');
    expect(checkout.textContent).toContain(`Booking ${reference}`);
    expect(within(checkout).getByTestId('hold-timer').textContent).toMatch(/^Your villa is held for 1[45]:\d\d$/);
    const pay = within(checkout).getByRole('button', { name: 'Pay ₹49,352 (test)' });
    expect(document.activeElement).toBe(pay);
    expect(within(checkout).getByRole('button', { name: 'Fail payment (test)' })).toBeTruthy();
    // The booking is held for payment, kept with the session: a reload pays this one.
    expect(JSON.parse(sessionStorage.getItem(sessionKeys.bookingData) ?? '{}').awaitingPayment.bookingReference).toBe(reference);

    // Act: Pay
    await userEvent.click(pay);
    // Assess: verified, then the confirmation
    // Its heading says what happened; the reference is whole, and copies.
    const success = await screen.findByRole('dialog', { name: 'Booking paid and confirmed' });
    expect(success.querySelector('.receipt__reference')?.textContent).toBe(reference);
    const clipboard = { writeText: vi.fn(async () => undefined) };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    await userEvent.click(within(success).getByRole('button', { name: `Copy booking reference ${reference}` }));
    expect(clipboard.writeText).toHaveBeenCalledWith(reference);
    expect(within(success).getByRole('status').textContent).toBe('Copied');
    expect(paths(requests)).toEqual([
      'POST /api/bookings',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/verify-payment',
    ]);
    expect(requests.find((request) => request.path === '/api/payments/create-order')?.body).toEqual({ bookingId });
    expect(requests.find((request) => request.path === '/api/payments/test-checkout')?.body).toEqual({ orderId, outcome: 'success' });
    expect(requests.find((request) => request.path === '/api/payments/verify-payment')?.body).toEqual(checkoutResponse);
    expect(screen.queryByRole('dialog', { name: 'Secure checkout' })).toBeNull();
  });

  it('shows the confirmation first and starts the wizard again behind it after, the session cleared at once', async () => {
    // Prepare: at the checkout with the confirmation's code loaded (as step 3 loads it), watching for it to open
    stubApi(paymentRoutes());
    await openStep4(readyDraft());
    await loadPaymentStep();
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    const checkout = await screen.findByRole('dialog', { name: 'Secure checkout' });
    const atConfirmation: Array<{ step4Form: boolean; session: string | null }> = [];
    const watcher = new MutationObserver(() => {
      if (atConfirmation.length === 0 && document.querySelector('[data-testid="booking-success"]')?.closest('dialog[open]'))
        atConfirmation.push({ step4Form: document.getElementById('firstName') !== null, session: sessionStorage.getItem(sessionKeys.bookingData) });
    });
    watcher.observe(document.body, { subtree: true, childList: true, attributes: true });
    // Act
    await userEvent.click(within(checkout).getByRole('button', { name: 'Pay ₹49,352 (test)' }));
    await screen.findByRole('dialog', { name: 'Booking paid and confirmed' });
    // Assess: when the confirmation opened, step 4 was still behind it (its render waits), and the session was already gone
    expect(atConfirmation).toEqual([{ step4Form: true, session: null }]);
    // Then the wizard starts again behind it
    await screen.findByRole('heading', { name: 'Your villa and dates' });
    expect(document.getElementById('firstName')).toBeNull();
    watcher.disconnect();
    // Closed, the confirmation leaves the guest at the new booking's heading
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Booking paid and confirmed' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your villa and dates' })));
  });

  it("shows 'Payment Failed' with the provider's reason; Try Again pays the same booking with the same order", async () => {
    // Prepare
    const requests = stubApi(paymentRoutes());
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    // Act: Fail
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Secure checkout' })).getByRole('button', { name: 'Fail payment (test)' }));
    // Assess: the failure state, its reason, the hold still counting, the way out
    const failed = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(failed.textContent).toContain('Your card was declined by the bank.');
    expect(within(failed).getByTestId('hold-timer').textContent).toMatch(/held for 1[45]:\d\d/);
    expect(within(failed).getByRole('link', { name: 'Call Support' }).getAttribute('href')).toBe('tel:+918040001234');
    expect(document.activeElement).toBe(within(failed).getByRole('button', { name: 'Try Again' }));

    // Act: Try Again, then Pay
    await userEvent.click(within(failed).getByRole('button', { name: 'Try Again' }));
    const checkout = await screen.findByRole('dialog', { name: 'Secure checkout' });
    await userEvent.click(within(checkout).getByRole('button', { name: 'Pay ₹49,352 (test)' }));
    // Assess: one booking, one order asked for twice, paid the second time
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(paths(requests)).toEqual([
      'POST /api/bookings',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/verify-payment',
    ]);
    const orders = requests.filter((request) => request.path === '/api/payments/create-order').map((request) => request.body);
    expect(orders).toEqual([{ bookingId }, { bookingId }]);
  });

  it("says 'Payment Failed' with the server's reason when verification refuses the payment", async () => {
    stubApi(paymentRoutes({ verify: () => refusal(400, paymentMessages.badSignature) }));
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Secure checkout' })).getByRole('button', { name: 'Pay ₹49,352 (test)' }));
    const failed = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(failed.textContent).toContain(paymentMessages.badSignature);
    expect(screen.queryByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ })).toBeNull();
  });

  it('after a verification lost on the network, Try Again sends the same proof again instead of paying twice', async () => {
    // Prepare: the first verify-payment never gets an answer
    const requests = stubApi(paymentRoutes());
    const working = globalThis.fetch;
    let dropped = false;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (input.endsWith('/payments/verify-payment') && !dropped) {
        dropped = true;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return working(input, init);
    });
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Secure checkout' })).getByRole('button', { name: 'Pay ₹49,352 (test)' }));
    // Assess: said plainly, with no second charge on offer
    const failed = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(failed.textContent).toContain("couldn't reach the resort to confirm it");
    expect(failed.textContent).toContain('you will not be charged twice');
    // Act
    await userEvent.click(within(failed).getByRole('button', { name: 'Try Again' }));
    // Assess: the same proof, verified; no new checkout
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(paths(requests)).toEqual([
      'POST /api/bookings',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/verify-payment',
    ]);
  });

  it('keeps the booking held after the checkout is closed, locks its details, and the next Pay pays it without booking again', async () => {
    // Prepare
    const requests = stubApi(paymentRoutes());
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    const checkout = await screen.findByRole('dialog', { name: 'Secure checkout' });
    // Act: close the checkout
    await userEvent.click(within(checkout).getByRole('button', { name: 'Close' }));
    // Assess: the booking waits, its countdown in view, the form locked
    const waiting = screen.getByTestId('awaiting-payment');
    expect(within(waiting).getByRole('heading').textContent).toBe(`Booking ${reference} is waiting for payment`);
    expect(within(waiting).getByTestId('hold-timer').textContent).toMatch(/Your villa is held for 1[45]:\d\d/);
    expect(screen.getByLabelText(/First name/).matches(':disabled')).toBe(true);
    // Act: Pay again
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Secure checkout' })).getByRole('button', { name: 'Pay ₹49,352 (test)' }));
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(paths(requests).filter((line) => line === 'POST /api/bookings')).toHaveLength(1);
  });

  it('gives the hold back when the guest wants to change the booking, and unlocks the form', async () => {
    // Prepare: a booking waiting for payment
    const requests = stubApi([
      { method: 'PUT', path: new RegExp(`^/api/bookings/reference/${reference}/cancel$`), answer: () => envelope(200, {}) },
      ...paymentRoutes(),
    ]);
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Secure checkout' })).getByRole('button', { name: 'Close' }));
    // Act
    await userEvent.click(within(screen.getByTestId('awaiting-payment')).getByRole('button', { name: 'release the hold' }));
    // Assess
    await waitFor(() => expect(screen.queryByTestId('awaiting-payment')).toBeNull());
    expect(screen.getByLabelText(/First name/).matches(':disabled')).toBe(false);
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: `/api/bookings/reference/${reference}/cancel`,
      body: { token: 'manage.token' },
    });
    expect(JSON.parse(sessionStorage.getItem(sessionKeys.bookingData) ?? '{}').awaitingPayment).toBeUndefined();
  });

  it('takes the guest back to step 3 without a safari the server refused, saying why: its slot filled up, or it no longer runs then', async () => {
    const night = {
      id: 'night-trail-safari',
      name: 'Night Trail Safari',
      price: 1500,
      date: packagedDraft.checkIn,
      timeSlot: '20:00-22:00',
      guests: 2,
      totalPrice: 3000,
    };
    const jeep = { ...night, id: 'morning-jeep-safari', name: 'Morning Jeep Safari', timeSlot: '06:00-09:00' };
    const refusals = [
      {
        status: 409,
        message: `Night Trail Safari on ${formatStayDay(night.date)} at ${formatSlot(night.timeSlot)} does not have enough seats left`,
        code: 'safari_sold_out',
      },
      { status: 400, message: `This safari does not run at ${formatSlot(night.timeSlot)}` },
    ];
    for (const { status, message, code } of refusals) {
      const requests = stubApi([
        {
          method: 'POST',
          path: /^\/api\/bookings$/,
          answer: () => ({ status, body: { success: false, error: message, details: { 'selectedSafaris.1.timeSlot': [message] }, ...(code ? { code } : {}) } }),
        },
        ...paymentRoutes().slice(1),
      ]);
      await openStep4({ ...readyDraft(), safaris: [jeep, night] });
      await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
      await screen.findByRole('heading', { level: 2, name: 'Add a safari' });
      expect(screen.getByRole('alert').textContent).toBe(message);
      const saved = JSON.parse(sessionStorage.getItem(sessionKeys.bookingData) ?? '{}') as Draft;
      expect(saved.safaris.map((safari) => safari.id)).toEqual(['morning-jeep-safari']);
      expect(paths(requests)).toEqual(['POST /api/bookings']);
      cleanup();
      sessionStorage.clear();
    }
  });

  it('shows the confirmation when the booking turns out to be paid already (an answer lost on the way)', async () => {
    const requests = stubApi([
      { method: 'POST', path: /^\/api\/payments\/create-order$/, answer: () => refusal(409, paymentMessages.alreadyPaid) },
      {
        method: 'GET',
        path: new RegExp(`^/api/bookings/reference/${reference}$`),
        answer: () => envelope(200, record({ status: 'confirmed', payment_status: 'paid' })),
      },
      ...paymentRoutes(),
    ]);
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(paths(requests)).toEqual(['POST /api/bookings', 'POST /api/payments/create-order', `GET /api/bookings/reference/${reference}?token=manage.token`]);
  });

  it('asks to release the held booking when the guest changed the stay after making it, and pays nothing meanwhile', async () => {
    // Prepare: a booking held for other dates than the draft's now
    const requests = stubApi([
      { method: 'PUT', path: new RegExp(`^/api/bookings/reference/${reference}/cancel$`), answer: () => envelope(200, {}) },
      ...paymentRoutes(),
    ]);
    await openStep4({ ...readyDraft(), awaitingPayment: created({ check_out_date: addDaysIso(packagedDraft.checkOut, 1), nights: 3 }) });
    // Assess
    const panel = screen.getByTestId('awaiting-payment');
    expect(within(panel).getByRole('heading').textContent).toBe('You changed your stay after booking it');
    expect((screen.getByRole('button', { name: 'Pay ₹49,352' }) as HTMLButtonElement).disabled).toBe(true);
    // Act
    await userEvent.click(within(panel).getByRole('button', { name: 'Release it and continue' }));
    // Assess: released; the next Pay books the stay on screen
    await waitFor(() => expect(screen.queryByTestId('awaiting-payment')).toBeNull());
    expect((screen.getByRole('button', { name: 'Pay ₹49,352' }) as HTMLButtonElement).disabled).toBe(false);
    expect(paths(requests)).toEqual([`PUT /api/bookings/reference/${reference}/cancel`]);
  });

  it('offers a new booking, not a retry, once the hold has run out', async () => {
    stubApi([{ method: 'POST', path: /^\/api\/payments\/create-order$/, answer: () => refusal(409, paymentMessages.holdExpired) }, ...paymentRoutes()]);
    await openStep4(readyDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    const lost = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(lost.textContent).toContain(paymentMessages.holdExpired);
    await userEvent.click(within(lost).getByRole('button', { name: 'Book again' }));
    expect(screen.queryByTestId('awaiting-payment')).toBeNull();
    expect(screen.getByLabelText(/First name/).matches(':disabled')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(sessionKeys.bookingData) ?? '{}').idempotencyKey).toBeUndefined();
  });
});

describe('paying at the property', () => {
  it('explains the 24-hour hold, the e-mailed link, paying on arrival and the limit, before anything is booked', async () => {
    stubApi();
    await openStep4(readyDraft());
    const tile = screen.getByRole('radio', { name: /Pay at property/ });
    expect(screen.getByTestId('pay-at-property-terms').textContent).toBe(
      [
        `We hold your villa for ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours.`,
        `We e-mail you a link: confirm your booking from it within ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours, or the hold is released.`,
        'You pay at the property when you arrive.',
        `You can have at most ${OPEN_HOLD_LIMIT} such bookings waiting for confirmation at once.`,
        `Up to ${UNPAID_STAY_LIMIT} stays, ${UNPAID_NIGHT_LIMIT} room-nights in all, can wait to be paid at the property.`,
      ].join(''),
    );
    expect(tile.getAttribute('aria-describedby')).toBe('pay-at-property-terms');
    expect((screen.getByRole('radio', { name: /Pay online/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(tile);
    expect(screen.getByRole('button', { name: 'Confirm Booking · ₹49,352' })).toBeTruthy();
  });

  it('says to confirm from the e-mail by the deadline, on the visitor’s clock', () => {
    const deadline = '2026-11-23T09:15:00.000Z';
    render(<ConfirmByNotice booking={record({ payment_method: 'offline', hold_expires_at: deadline })} />);
    const notice = screen.getByTestId('confirm-by');
    expect(notice.textContent).toContain('Check your e-mail to confirm within 24 hours');
    expect(notice.textContent).toContain(`Confirm from it by ${formatLocalDeadline(deadline)}, or the hold on your villa is released.`);
    expect(formatLocalDeadline(deadline)).toMatch(/^Monday, 23 November at \d{1,2}:\d\d [ap]m$/);
  });

  it("shows the server's limit on unconfirmed bookings and switches to paying online in one tap", async () => {
    const requests = stubApi([{ method: 'POST', path: /^\/api\/bookings$/, answer: () => refusal(429, paymentMessages.tooManyOpen) }]);
    await openStep4(readyDraft('offline'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Booking · ₹49,352' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(paymentMessages.tooManyOpen);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    await userEvent.click(within(banner).getByRole('button', { name: 'Pay online instead' }));
    expect((screen.getByRole('radio', { name: /Pay online/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(paths(requests)).toEqual(['POST /api/bookings']);
  });
});

describe('the hold countdown', () => {
  it('reads like a clock and never goes below zero', () => {
    expect(formatCountdown(14 * 60_000 + 32_000)).toBe('14:32');
    expect(formatCountdown(7_000)).toBe('0:07');
    expect(formatCountdown(3_729_000)).toBe('1:02:09');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
