import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages, type PaymentOrder } from '@shared/payments';
import type { CreatedBooking } from '@/features/booking/api/schemas';
import {
  CHECKOUT_THEME_COLOR,
  loadRazorpayScript,
  openRazorpayCheckout,
  RAZORPAY_SCRIPT_SRC,
  type RazorpayFailure,
  type RazorpayOptions,
} from '@/features/booking/lib/razorpay-checkout';
import { loadSiteConfig } from '@/lib/site-config';
import { heldBooking, payableDraft, quote, renderWizard, saveSession, stubApi } from './support/wizard-harness';

const keyId = 'rzp_test_1DP5mmOlF5G5ag';
const bookingId = '0b6f4a52-8a8c-4d55-9c1e-3f0d2a7b9e11';
const reference = 'VMLIVE0001';
const orderId = 'order_Ab12Cd34Ef56Gh';
const total = quote().total;

const order: PaymentOrder = {
  orderId,
  amount: total * 100,
  currency: 'INR',
  keyId,
  testMode: false,
  bookingId,
  bookingReference: reference,
  name: 'Forest Resort',
  description: 'Hornbill Villa, 2 nights',
  notes: { bookingReference: reference, villa: 'Hornbill Villa', checkIn: '2030-03-05', checkOut: '2030-03-07', guests: '2' },
};
/** The guest's details as typed at step 4: the order itself carries none. */
const prefill = { name: 'Meera Iyer', email: 'meera@example.in', contact: '+919845012345' };

/** A stand-in for Razorpay's checkout.js: records each checkout made, and lets the test play the provider. */
class FakeRazorpay {
  static made: FakeRazorpay[] = [];
  opened = 0;
  closed = 0;
  failedListener: ((response: RazorpayFailure) => void) | undefined;
  constructor(readonly options: RazorpayOptions) {
    FakeRazorpay.made.push(this);
  }
  open() {
    this.opened += 1;
  }
  close() {
    this.closed += 1;
    this.options.modal.ondismiss();
  }
  on(_event: 'payment.failed', listener: (response: RazorpayFailure) => void) {
    this.failedListener = listener;
  }
}

const razorpayScripts = () => document.querySelectorAll(`script[src="${RAZORPAY_SCRIPT_SRC}"]`);

beforeEach(() => {
  FakeRazorpay.made = [];
  for (const script of razorpayScripts()) script.remove();
  delete window.Razorpay;
});

describe("Razorpay's checkout", () => {
  it("builds the checkout options from the server's order (key, paise, INR, the order id, notes), the guest's prefill and the theme", () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const opened = openRazorpayCheckout(order, keyId, prefill, { onPaid: () => undefined, onFailed: () => undefined, onDismissed: () => undefined });
    expect(opened).toEqual({ opened: true });
    const [checkout] = FakeRazorpay.made;
    expect(checkout?.opened).toBe(1);
    expect(checkout?.options).toMatchObject({
      key: keyId,
      amount: 4_935_200,
      currency: 'INR',
      name: 'Forest Resort',
      description: 'Hornbill Villa, 2 nights',
      order_id: orderId,
      prefill: { name: 'Meera Iyer', email: 'meera@example.in', contact: '+919845012345' },
      notes: { bookingReference: reference, villa: 'Hornbill Villa', checkIn: '2030-03-05', checkOut: '2030-03-07', guests: '2' },
      theme: { color: CHECKOUT_THEME_COLOR },
    });
    expect(typeof checkout?.options.handler).toBe('function');
    expect(typeof checkout?.options.modal.ondismiss).toBe('function');
  });

  it('hands the success response on, reports a failure with its description once (closing the checkout), and a dismissal', () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const calls: string[] = [];
    const callbacks = {
      onPaid: (response: { razorpay_payment_id: string }) => calls.push(`paid ${response.razorpay_payment_id}`),
      onFailed: (message: string) => calls.push(`failed ${message}`),
      onDismissed: () => calls.push('dismissed'),
    };
    openRazorpayCheckout(order, keyId, prefill, callbacks);
    openRazorpayCheckout(order, keyId, prefill, callbacks);
    openRazorpayCheckout(order, keyId, prefill, callbacks);
    const [paid, failed, dismissed] = FakeRazorpay.made;

    paid?.options.handler({ razorpay_order_id: orderId, razorpay_payment_id: 'pay_Zy98Xw76Vu54Ts', razorpay_signature: 'f'.repeat(64) });
    failed?.failedListener?.({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the bank' } });
    failed?.failedListener?.({ error: {} });
    dismissed?.options.modal.ondismiss();

    expect(calls).toEqual(['paid pay_Zy98Xw76Vu54Ts', 'failed Payment declined by the bank', `failed ${paymentMessages.failedDefault}`, 'dismissed']);
    // Closing after the failure is not the guest dismissing the checkout.
    expect(failed?.closed).toBe(2);
  });

  it('opens nothing and says why when the script is not on the page', () => {
    const onDismissed = vi.fn();
    expect(openRazorpayCheckout(order, keyId, prefill, { onPaid: vi.fn(), onFailed: vi.fn(), onDismissed })).toEqual({
      opened: false,
      message: paymentMessages.gatewayMissing,
    });
    expect(onDismissed).not.toHaveBeenCalled();
  });

  it("adds Razorpay's script to the page once", () => {
    const first = loadRazorpayScript();
    const second = loadRazorpayScript();
    expect(second).toBe(first);
    expect(razorpayScripts()).toHaveLength(1);
    expect(first.async).toBe(true);
  });
});

const liveConfig = { stage: 'prod', apiUrl: '/api', wsUrl: 'wss://example.invalid/ws', paymentMode: 'razorpay', razorpayKeyId: keyId };

const readyDraft = payableDraft();

const record = (overrides: Partial<CreatedBooking['booking']> = {}) => heldBooking({ id: bookingId, reference }, overrides);

const ok = (status: number, data: unknown) => ({ status, body: { success: true, data } });

function liveApi() {
  return stubApi([
    { method: 'GET', path: /^\/config\.json$/, answer: () => ({ status: 200, body: liveConfig }) },
    {
      method: 'POST',
      path: /^\/api\/bookings$/,
      answer: () => ok(201, { bookingReference: reference, manageToken: 'manage.token', quote: quote(), booking: record() }),
    },
    { method: 'POST', path: /^\/api\/payments\/create-order$/, answer: () => ok(200, order) },
    {
      method: 'POST',
      path: /^\/api\/payments\/verify-payment$/,
      answer: () => ok(200, { booking: record({ status: 'confirmed', payment_status: 'paid', hold_expires_at: undefined }), payment: {} }),
    },
  ]);
}

describe('step 4 with Razorpay live', () => {
  it("loads Razorpay's script when step 4 opens, not before", async () => {
    // Prepare: step 3, the live config loaded (as the app's start does)
    liveApi();
    expect((await loadSiteConfig()).razorpayKeyId).toBe(keyId);
    saveSession(readyDraft, 3);
    renderWizard('/?step=3');
    await screen.findByRole('heading', { name: 'Add a safari' });
    expect(razorpayScripts()).toHaveLength(0);
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Continue Without Safari' }));
    await screen.findByTestId('final-quote');
    // Assess
    await waitFor(() => expect(razorpayScripts()).toHaveLength(1));
  });

  it('shows the gateway message in the banner, and books nothing, when Razorpay is missing at Pay', async () => {
    // Prepare
    const requests = liveApi();
    saveSession(readyDraft, 4);
    renderWizard('/?step=4');
    await screen.findByTestId('final-quote');
    await waitFor(() => expect(razorpayScripts()).toHaveLength(1));
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    // Assess
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(`Please fix the following errors: ${paymentMessages.gatewayMissing}`);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(requests.filter((request) => request.path.startsWith('/api/bookings') || request.path.startsWith('/api/payments'))).toEqual([]);
  });

  it("pays through Razorpay's checkout: the handler's answer is verified; a failure shows its description, and Try Again opens a new checkout", async () => {
    // Prepare
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const requests = liveApi();
    saveSession(readyDraft, 4);
    renderWizard('/?step=4');
    await screen.findByTestId('final-quote');
    await waitFor(() => expect(razorpayScripts()).toHaveLength(1));
    // Act: Pay, and the bank declines
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await waitFor(() => expect(FakeRazorpay.made).toHaveLength(1));
    expect(FakeRazorpay.made[0]?.options).toMatchObject({ key: keyId, order_id: orderId, amount: total * 100 });
    expect(screen.getByRole('button', { name: /Processing/ })).toBeTruthy();
    act(() => FakeRazorpay.made[0]?.failedListener?.({ error: { description: 'Payment declined by the bank' } }));
    // Assess
    const failed = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(failed.textContent).toContain('Payment declined by the bank');
    // Act: Try Again, and this time the payment goes through
    await userEvent.click(within(failed).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(FakeRazorpay.made).toHaveLength(2));
    const response = { razorpay_order_id: orderId, razorpay_payment_id: 'pay_Zy98Xw76Vu54Ts', razorpay_signature: 'c'.repeat(64) };
    act(() => FakeRazorpay.made[1]?.options.handler(response));
    // Assess
    await screen.findByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    expect(requests.find((request) => request.path === '/api/payments/verify-payment')?.body).toEqual(response);
    expect(requests.filter((request) => request.path === '/api/bookings')).toHaveLength(1);
  });

  it('lets the guest close the checkout and pay later: the Pay button comes back', async () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    liveApi();
    saveSession(readyDraft, 4);
    renderWizard('/?step=4');
    await screen.findByTestId('final-quote');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹49,352' }));
    await waitFor(() => expect(FakeRazorpay.made).toHaveLength(1));
    act(() => FakeRazorpay.made[0]?.options.modal.ondismiss());
    expect(await screen.findByRole('button', { name: 'Pay ₹49,352' })).toBeTruthy();
    expect(screen.getByTestId('awaiting-payment').textContent).toContain(`Booking ${reference} is waiting for payment`);
  });
});
