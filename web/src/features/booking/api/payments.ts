import { z } from 'zod/mini';
import type { CheckoutError, PaymentOrder, VerifyPaymentRequest } from '@shared/payments';
import { apiRequest } from '@/lib/api-client';
import { heldBookingSchema } from './schemas';

/*
 * The payment API (shared/payments.ts is the contract): an order for a booking, the test
 * provider's checkout while no Razorpay key is set, and the verification that confirms the booking.
 */

export const paymentOrderSchema: z.core.$ZodType<PaymentOrder> = z.object({
  orderId: z.string(),
  amount: z.number(),
  currency: z.literal('INR'),
  keyId: z.optional(z.string()),
  testMode: z.boolean(),
  bookingId: z.string(),
  bookingReference: z.string(),
  name: z.string(),
  description: z.string(),
  notes: z.object({ bookingReference: z.string(), villa: z.string(), checkIn: z.string(), checkOut: z.string(), guests: z.string() }),
  holdExpiresAt: z.optional(z.string()),
});

/** What Razorpay's checkout hands its success callback, and what verify-payment checks. */
export const checkoutResponseSchema: z.core.$ZodType<VerifyPaymentRequest> = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});

/** Razorpay's `payment.failed` error; only the description is shown, and any field may be missing. */
const checkoutErrorSchema: z.core.$ZodType<Partial<CheckoutError>> = z.object({
  code: z.optional(z.string()),
  description: z.optional(z.string()),
  reason: z.optional(z.string()),
  source: z.optional(z.string()),
  step: z.optional(z.string()),
});

// A plain union: zod's schema types live in one module, so each one used anywhere is in the first load.
const testCheckoutResultSchema = z.union([
  z.object({ ok: z.literal(true), response: checkoutResponseSchema }),
  z.object({ ok: z.literal(false), error: checkoutErrorSchema }),
]);
export type TestCheckoutResult = z.infer<typeof testCheckoutResultSchema>;

const verifiedPaymentSchema = z.object({ booking: heldBookingSchema });

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
  apiRequest(`/bookings/reference/${encodeURIComponent(reference)}/cancel`, z.unknown(), { method: 'PUT', body: { token } });
