import * as v from 'valibot';
import type { CheckoutError, PaymentOrder, VerifyPaymentRequest } from '@shared/payments';
import { apiRequest } from '@/lib/api-client';
import { heldBookingSchema } from './schemas';

/*
 * The payment API (shared/payments.ts is the contract): an order for a booking, the test
 * provider's checkout while no Razorpay key is set, and the verification that confirms the booking.
 */

export const paymentOrderSchema: v.GenericSchema<unknown, PaymentOrder> = v.object({
  orderId: v.string(),
  amount: v.number(),
  currency: v.literal('INR'),
  keyId: v.optional(v.string()),
  testMode: v.boolean(),
  bookingId: v.string(),
  bookingReference: v.string(),
  name: v.string(),
  description: v.string(),
  notes: v.object({ bookingReference: v.string(), villa: v.string(), checkIn: v.string(), checkOut: v.string(), guests: v.string() }),
  holdExpiresAt: v.optional(v.string()),
});

/** What Razorpay's checkout hands its success callback, and what verify-payment checks. */
export const checkoutResponseSchema: v.GenericSchema<unknown, VerifyPaymentRequest> = v.object({
  razorpay_order_id: v.string(),
  razorpay_payment_id: v.string(),
  razorpay_signature: v.string(),
});

/** Razorpay's `payment.failed` error; only the description is shown, and any field may be missing. */
const checkoutErrorSchema: v.GenericSchema<unknown, Partial<CheckoutError>> = v.object({
  code: v.optional(v.string()),
  description: v.optional(v.string()),
  reason: v.optional(v.string()),
  source: v.optional(v.string()),
  step: v.optional(v.string()),
});

const testCheckoutResultSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), response: checkoutResponseSchema }),
  v.object({ ok: v.literal(false), error: checkoutErrorSchema }),
]);
export type TestCheckoutResult = v.InferOutput<typeof testCheckoutResultSchema>;

const verifiedPaymentSchema = v.object({ booking: heldBookingSchema });

/** POST /api/payments/create-order: the booking's order (asking again gives the same one). */
export const createPaymentOrder = (bookingId: string) => apiRequest('/payments/create-order', paymentOrderSchema, { method: 'POST', body: { bookingId } });

/** POST /api/payments/test-checkout (test mode only): what the test dialog's Pay or Fail did. */
export const runTestCheckout = (orderId: string, outcome: 'success' | 'failure') =>
  apiRequest('/payments/test-checkout', testCheckoutResultSchema, { method: 'POST', body: { orderId, outcome } });

/** POST /api/payments/verify-payment: the checkout's answer, checked by the server; the booking comes back confirmed and paid. */
export const verifyPayment = (response: VerifyPaymentRequest) =>
  apiRequest('/payments/verify-payment', verifiedPaymentSchema, { method: 'POST', body: response }).then(({ booking }) => booking);

/** GET /api/bookings/reference/{reference}?token=: the booking as it stands (after an answer that never arrived). */
export const getHeldBooking = (reference: string, token: string) =>
  apiRequest(`/bookings/reference/${encodeURIComponent(reference)}?${new URLSearchParams({ token })}`, heldBookingSchema);

/** PUT /api/bookings/reference/{reference}/cancel: gives an unpaid hold back (nothing was charged). */
export const releaseHeldBooking = (reference: string, token: string) =>
  apiRequest(`/bookings/reference/${encodeURIComponent(reference)}/cancel`, v.unknown(), { method: 'PUT', body: { token } });
