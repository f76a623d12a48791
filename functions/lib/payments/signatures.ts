import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, on node:crypto (the official SDK's `validatePaymentVerification` and
 * `validateWebhookSignature` are these few lines, inside the SDK's whole bundle; see razorpay-api.ts).
 *
 * - Checkout: what the checkout hands its success callback as `razorpay_signature`, the hex
 *   HMAC-SHA256 of `${razorpay_order_id}|${razorpay_payment_id}` keyed with the API key secret.
 * - Webhook: the `X-Razorpay-Signature` header, the hex HMAC-SHA256 of the request body exactly as
 *   received, keyed with the webhook secret (a different secret from the key secret). The body must
 *   not be parsed and re-serialized first: JSON.stringify(JSON.parse(body)) is not the same bytes.
 *
 * The verifiers are the security boundary, so they are strict and never throw: anything that is not
 * exactly 64 lower-case hex characters is false before any comparison (Razorpay always sends
 * lower-case hex, and its own SDK compares the strings exactly, so upper-case is rejected too: one
 * accepted spelling per signature), and the comparison of the 32 decoded bytes is constant-time
 * (crypto.timingSafeEqual over buffers of equal length). An empty or missing secret verifies
 * nothing: a misconfigured function must not accept the HMAC of an empty key, which anyone can make.
 */

const SIGNATURE = /^[0-9a-f]{64}$/;

const isSecret = (secret: unknown): secret is string => typeof secret === 'string' && secret.length > 0;
const isBody = (body: unknown): body is string | Uint8Array => typeof body === 'string' || body instanceof Uint8Array;

function hmac(secret: string, data: string | Uint8Array): Buffer {
  return createHmac('sha256', secret)
    .update(typeof data === 'string' ? Buffer.from(data, 'utf8') : data)
    .digest();
}

function requireSecret(secret: unknown, what: string): asserts secret is string {
  if (!isSecret(secret)) throw new Error(`No ${what} to sign with`);
}

/** Constant-time comparison of a received hex signature with the expected digest; false for any malformed input. */
function matches(signature: unknown, expected: Buffer): boolean {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  const received = Buffer.from(signature, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** The checkout signature Razorpay makes for a successful payment: hex HMAC-SHA256(keySecret, `orderId|paymentId`). Throws on an empty secret. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  requireSecret(keySecret, 'key secret');
  return hmac(keySecret, `${orderId}|${paymentId}`).toString('hex');
}

/** True only when `signature` is the checkout signature of this order and payment under `keySecret`. Never throws. */
export function verifyCheckoutSignature(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId === '' || paymentId === '' || !isSecret(keySecret)) return false;
  return matches(signature, hmac(keySecret, `${orderId}|${paymentId}`));
}

/**
 * The `X-Razorpay-Signature` of a webhook body: hex HMAC-SHA256(webhookSecret, body). A string body
 * is taken as its UTF-8 bytes (what API Gateway hands a handler for a JSON body); a base64-encoded
 * event body should be decoded to bytes and passed as a Buffer. Throws on an empty secret.
 */
export function webhookSignature(rawBody: string | Uint8Array, webhookSecret: string): string {
  requireSecret(webhookSecret, 'webhook secret');
  return hmac(webhookSecret, rawBody).toString('hex');
}

/** True only when `signature` (the X-Razorpay-Signature header, possibly absent) signs `rawBody` exactly. Never throws. */
export function verifyWebhookSignature(rawBody: string | Uint8Array, signature: string | undefined, webhookSecret: string): boolean {
  if (!isBody(rawBody) || !isSecret(webhookSecret)) return false;
  return matches(signature, hmac(webhookSecret, rawBody));
}
