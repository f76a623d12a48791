import { screen } from '@testing-library/react';
import type { PaymentOrder } from '@shared/payments';
import type { CreatedBooking } from '@/features/booking/api/schemas';
import type { Draft } from '@/features/booking/model/draft';
import { heldBooking, packagedDraft, payableDraft, quote, renderWizard, saveSession } from './wizard-harness';

/** Step 4 and the payment API as the test provider answers it: the fixtures of the payment tests. */
export const bookingId = '0b6f4a52-8a8c-4d55-9c1e-3f0d2a7b9e11';
export const reference = 'VMPAY0001';
export const orderId = 'order_Ab12Cd34Ef56Gh';
export const paymentId = 'pay_Zy98Xw76Vu54Ts';
export const total = quote().total;

export const readyDraft = payableDraft;

export const record = (overrides: Partial<CreatedBooking['booking']> = {}) => heldBooking({ id: bookingId, reference }, overrides);

export const created = (overrides: Partial<CreatedBooking['booking']> = {}): CreatedBooking => ({
  bookingReference: reference,
  manageToken: 'manage.token',
  quote: quote(),
  booking: record(overrides),
});

export const order: PaymentOrder = {
  orderId,
  amount: total * 100,
  currency: 'INR',
  testMode: true,
  bookingId,
  bookingReference: reference,
  name: 'Forest Resort',
  description: 'Hornbill Villa, 2 nights',
  notes: { bookingReference: reference, villa: 'Hornbill Villa', checkIn: packagedDraft.checkIn, checkOut: packagedDraft.checkOut, guests: '2' },
};

export const checkoutResponse = { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: 'a'.repeat(64) };
export const envelope = (status: number, data: unknown) => ({ status, body: { success: true, data } });
export const refusal = (status: number, error: string) => ({ status, body: { success: false, error } });

/** The payment API as the server answers it in test mode: the test checkout does what it is told. */
export function paymentRoutes(options: { verify?: () => { status: number; body: unknown } } = {}) {
  // The booking keeps the language it was made in, as the API does.
  let language: string | undefined;
  return [
    {
      method: 'POST',
      path: /^\/api\/bookings$/,
      answer: (body: unknown) => {
        ({ language } = body as { language?: string });
        return envelope(201, created(language ? { language } : {}));
      },
    },
    { method: 'POST', path: /^\/api\/payments\/create-order$/, answer: () => envelope(200, order) },
    {
      method: 'POST',
      path: /^\/api\/payments\/test-checkout$/,
      answer: (body: unknown) =>
        (body as { outcome: string }).outcome === 'success'
          ? envelope(200, { ok: true, response: checkoutResponse })
          : envelope(200, {
              ok: false,
              error: {
                code: 'BAD_REQUEST_ERROR',
                description: 'Your card was declined by the bank.',
                reason: 'card_declined',
                source: 'bank',
                step: 'payment_authorization',
              },
            }),
    },
    {
      method: 'POST',
      path: /^\/api\/payments\/verify-payment$/,
      answer:
        options.verify ??
        (() =>
          envelope(200, {
            booking: record({ status: 'confirmed', payment_status: 'paid', hold_expires_at: undefined, ...(language ? { language } : {}) }),
            payment: {},
          })),
    },
  ];
}

export const paths = (requests: Array<{ method: string; path: string }>) =>
  requests
    .filter((request) => request.path.startsWith('/api/bookings') || request.path.startsWith('/api/payments'))
    .map((request) => `${request.method} ${request.path}`);

export async function openStep4(draft: Draft) {
  saveSession(draft, 4);
  renderWizard('/?step=4');
  await screen.findByTestId('final-quote');
}
