import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutSignature, verifyCheckoutSignature, verifyWebhookSignature, webhookSignature } from '../../../functions/lib/payments/signatures.ts';

// Fixed vectors, computed outside Node with `openssl dgst -sha256 -hmac <secret>` over the exact bytes.
const ORDER = 'order_DaZlswtdcn9UNV';
const PAYMENT = 'pay_FgR9UMzgmKDJRi';
const KEY_SECRET = 'rzp_test_secret_EXAMPLE';
const CHECKOUT_VECTOR = '4ba7cdf365d6efa54630988160d15eb4cb6ad2954c41b0ec21d23116166b2f65';
const WEBHOOK_SECRET = 'whsec-EXAMPLE';
const WEBHOOK_BODY = '{"entity":"event","event":"payment.captured"}';
const WEBHOOK_VECTOR = '61e24416413bb6d25cc411d241019c7d67a16094843f7395575c0a9e1f567210';

const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe('checkout signature (razorpay_signature)', () => {
  it('is the hex HMAC-SHA256 of `order_id|payment_id` under the key secret: the fixed vector and createHmac agree', () => {
    expect(hmacHex(KEY_SECRET, `${ORDER}|${PAYMENT}`)).toBe(CHECKOUT_VECTOR);
    expect(checkoutSignature(ORDER, PAYMENT, KEY_SECRET)).toBe(CHECKOUT_VECTOR);
    expect(verifyCheckoutSignature(ORDER, PAYMENT, CHECKOUT_VECTOR, KEY_SECRET)).toBe(true);
  });

  it('fails for a tampered order id, a tampered payment id, swapped ids and another secret', () => {
    expect(verifyCheckoutSignature('order_DaZlswtdcn9UNW', PAYMENT, CHECKOUT_VECTOR, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature(ORDER, 'pay_FgR9UMzgmKDJRj', CHECKOUT_VECTOR, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature(PAYMENT, ORDER, CHECKOUT_VECTOR, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature(ORDER, PAYMENT, CHECKOUT_VECTOR, `${KEY_SECRET}x`)).toBe(false);
    // The separator is part of what is signed: moving it does not give the same signature.
    expect(verifyCheckoutSignature('order_DaZlswtdcn9UNV|pay', '_FgR9UMzgmKDJRi', CHECKOUT_VECTOR, KEY_SECRET)).toBe(false);
  });

  it('fails, without throwing, for a wrong length, non-hex, upper-case hex, an empty secret and non-strings', () => {
    const bad: unknown[] = [
      '',
      CHECKOUT_VECTOR.slice(0, 63),
      `${CHECKOUT_VECTOR}0`,
      `${CHECKOUT_VECTOR}00`,
      CHECKOUT_VECTOR.slice(0, 62) + 'zz',
      ` ${CHECKOUT_VECTOR.slice(1)}`,
      Buffer.from(CHECKOUT_VECTOR, 'hex').toString('base64'),
      // Razorpay sends lower-case hex and its SDK compares strings: upper-case is rejected (documented in signatures.ts).
      CHECKOUT_VECTOR.toUpperCase(),
      undefined,
      null,
      42,
      Buffer.from(CHECKOUT_VECTOR, 'hex'),
      { toString: () => CHECKOUT_VECTOR },
    ];
    for (const signature of bad) expect(verifyCheckoutSignature(ORDER, PAYMENT, signature as string, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature(ORDER, PAYMENT, CHECKOUT_VECTOR, '')).toBe(false);
    expect(verifyCheckoutSignature(ORDER, PAYMENT, CHECKOUT_VECTOR, undefined as unknown as string)).toBe(false);
    expect(verifyCheckoutSignature(undefined as unknown as string, PAYMENT, CHECKOUT_VECTOR, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature('', '', hmacHex(KEY_SECRET, '|'), KEY_SECRET)).toBe(false);
  });

  it('refuses to sign with an empty secret (the HMAC of an empty key is anyone’s)', () => {
    expect(() => checkoutSignature(ORDER, PAYMENT, '')).toThrow(/key secret/);
  });
});

describe('webhook signature (X-Razorpay-Signature)', () => {
  it('is the hex HMAC-SHA256 of the raw body under the webhook secret: the fixed vector and createHmac agree', () => {
    expect(hmacHex(WEBHOOK_SECRET, WEBHOOK_BODY)).toBe(WEBHOOK_VECTOR);
    expect(webhookSignature(WEBHOOK_BODY, WEBHOOK_SECRET)).toBe(WEBHOOK_VECTOR);
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(true);
    // The same bytes as a Buffer (a base64-encoded API Gateway body, decoded).
    expect(verifyWebhookSignature(Buffer.from(WEBHOOK_BODY, 'utf8'), WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(true);
  });

  it('is over the bytes exactly as received: re-serialized, re-spaced or changed bodies fail', () => {
    const reserialized = JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 1);
    expect(verifyWebhookSignature(reserialized, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(`${WEBHOOK_BODY}\n`, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY.replace('captured', 'failed'), WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
    // Non-ASCII bodies are signed as their UTF-8 bytes.
    const unicode = '{"notes":{"villa":"Kingfisher ₹ cottage"}}';
    expect(webhookSignature(unicode, WEBHOOK_SECRET)).toBe(createHmac('sha256', WEBHOOK_SECRET).update(Buffer.from(unicode, 'utf8')).digest('hex'));
  });

  it('fails, without throwing, for a missing header, another secret, the key secret, malformed signatures and non-bodies', () => {
    expect(verifyWebhookSignature(WEBHOOK_BODY, undefined, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_VECTOR, 'another-secret')).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_VECTOR, '')).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_BODY, hmacHex(KEY_SECRET, WEBHOOK_BODY), WEBHOOK_SECRET)).toBe(false);
    for (const signature of ['', WEBHOOK_VECTOR.slice(2), WEBHOOK_VECTOR.toUpperCase(), `${WEBHOOK_VECTOR.slice(0, 63)}g`, `sha256=${WEBHOOK_VECTOR}`])
      expect(verifyWebhookSignature(WEBHOOK_BODY, signature, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(undefined as unknown as string, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature({ body: WEBHOOK_BODY } as unknown as string, WEBHOOK_VECTOR, WEBHOOK_SECRET)).toBe(false);
    expect(() => webhookSignature(WEBHOOK_BODY, '')).toThrow(/webhook secret/);
  });
});
