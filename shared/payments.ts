import * as z from 'zod/mini';
import { idField, maxLength, minLength } from './validation.ts';

/**
 * The payment API's contract (issue 9), shared by the handlers and the site. Razorpay's formats are
 * followed exactly in every stage: `order_` / `pay_` / `rfnd_` ids of 14 base62 characters, amounts
 * in paise, the checkout signature HMAC-SHA256(key_secret, `order_id|payment_id`) in hex.
 */

export {
  ONLINE_HOLD_MINUTES,
  OPEN_HOLD_LIMIT,
  PAY_AT_PROPERTY_CONFIRM_HOURS,
  PAYMENT_CURRENCY,
  paymentMessages,
  UNPAID_NIGHT_LIMIT,
  UNPAID_STAY_LIMIT,
} from './payment-rules.ts';

// Each schema below is one route's: every call building it is marked pure, so that a function keeps
// only its own (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
const orderId = /* @__PURE__ */ z
  .string('razorpay_order_id is required')
  .check(/* @__PURE__ */ z.regex(/^order_[A-Za-z0-9]{14}$/, 'razorpay_order_id is not a Razorpay order id'));
const paymentId = /* @__PURE__ */ z
  .string('razorpay_payment_id is required')
  .check(/* @__PURE__ */ z.regex(/^pay_[A-Za-z0-9]{14}$/, 'razorpay_payment_id is not a Razorpay payment id'));
/** Any UUID (any version or variant): booking ids are `randomUUID()`s. */
const bookingId = /* @__PURE__ */ z
  .string('bookingId is required')
  .check(/* @__PURE__ */ z.regex(/^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i, 'bookingId is not a booking id'));

/** POST /api/payments/create-order: the booking to pay (its id, from the creation answer). */
export const createOrderSchema = /* @__PURE__ */ z.object({ bookingId });

/** What the checkout needs (docs/product.md#online-payment), computed by the server from the stored booking. */
export type PaymentOrder = {
  orderId: string;
  /** In paise: the booking's total x 100. */
  amount: number;
  currency: 'INR';
  /** Razorpay's public key id; absent in test mode. */
  keyId?: string;
  /** True when the built-in test provider stands in for Razorpay (no key configured). */
  testMode: boolean;
  bookingId: string;
  bookingReference: string;
  name: string;
  description: string;
  notes: { bookingReference: string; villa: string; checkIn: string; checkOut: string; guests: string };
  /** When the booking's hold runs out (ISO): pay before this. */
  holdExpiresAt?: string;
};

/** POST /api/payments/verify-payment: what Razorpay's checkout hands its success callback. */
export const verifyPaymentSchema = /* @__PURE__ */ z.object({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: /* @__PURE__ */ z.string('razorpay_signature is required').check(/* @__PURE__ */ maxLength(256, 'razorpay_signature is too long')),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentSchema>;

/** POST /api/payments/test-checkout (test mode only): the test dialog's Pay or Fail. */
export const testCheckoutSchema = /* @__PURE__ */ z.object({
  orderId,
  outcome: /* @__PURE__ */ z.enum(['success', 'failure'], 'outcome is success or failure'),
});
/** Failure answer of the test checkout: Razorpay's `payment.failed` error shape. */
export type CheckoutError = { code: string; description: string; reason: string; source: string; step: string };

/**
 * POST /api/payments/offline-payment: the guest confirms a pay-at-property booking with the proof
 * that only the e-mail's Confirm link carries (`?confirm=`), never the manage token.
 */
export const offlinePaymentSchema = /* @__PURE__ */ z.object({
  reference: /* @__PURE__ */ idField('reference', 40),
  confirmToken: /* @__PURE__ */ z
    .string('confirmToken is required: open the Confirm link in the e-mail')
    .check(
      /* @__PURE__ */ minLength(1, 'confirmToken is required: open the Confirm link in the e-mail'),
      /* @__PURE__ */ maxLength(200, 'confirmToken is too long'),
    ),
});

export type PaymentStatus = 'created' | 'captured' | 'failed' | 'refunded';
export type RefundStatus = 'pending' | 'processed' | 'failed';

/** A payment as the API shows it (GET /api/payments/booking/{id}, the admin list). */
export type PaymentRecord = {
  id: string;
  booking_id: string;
  booking_reference: string;
  order_id?: string;
  method: 'razorpay' | 'offline' | 'manual';
  amount: number;
  currency: string;
  /** `cancelled`: money that was due at the property, voided when the booking was cancelled. */
  status: PaymentStatus | 'pending' | 'paid' | 'cancelled';
  error_description?: string;
  recorded_by?: string;
  /** Staff's note with a manual entry. */
  note?: string;
  created_at: string;
  updated_at?: string;
};

export type RefundRecord = {
  id: string;
  booking_id: string;
  booking_reference: string;
  payment_id: string;
  amount: number;
  status: RefundStatus;
  reason: string;
  created_at: string;
  processed_at?: string;
};
