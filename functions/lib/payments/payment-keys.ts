import { createHmac } from 'node:crypto';
import { getSecretVersion } from '../secrets.ts';

/**
 * The payment provider's keys, read once per container. Live mode needs Razorpay's key id (public,
 * a stage setting: RAZORPAY_KEY_ID) and its key secret; without a key id the stage runs the built-in
 * test provider (test-provider.ts), which signs with a key secret derived from the webhook secret, so
 * the same signature and webhook checks run in every stage. A key id without its secret fails
 * loudly: a production stage must never quietly fall back to test mode.
 *
 * On AWS the secrets come from PAYMENT_SECRET_ARN (`{"keySecret": "...", "webhookSecret": "..."}`);
 * locally from PAYMENT_KEY_SECRET / PAYMENT_WEBHOOK_SECRET. Never logged.
 */
export type PaymentKeys = { mode: 'live' | 'test'; keyId?: string; keySecret: string; webhookSecret: string };

async function load(): Promise<PaymentKeys> {
  let keySecret = process.env.PAYMENT_KEY_SECRET ?? '';
  let webhookSecret = process.env.PAYMENT_WEBHOOK_SECRET ?? '';
  const arn = process.env.PAYMENT_SECRET_ARN;
  if (arn) {
    const { secretString } = await getSecretVersion(arn, 'AWSCURRENT');
    let parsed: { keySecret?: unknown; webhookSecret?: unknown } = {};
    try {
      parsed = JSON.parse(secretString) as typeof parsed;
    } catch {
      throw new Error('The payment secret is not JSON: {"keySecret": "...", "webhookSecret": "..."}');
    }
    keySecret = typeof parsed.keySecret === 'string' ? parsed.keySecret : '';
    webhookSecret = typeof parsed.webhookSecret === 'string' ? parsed.webhookSecret : '';
  }
  if (webhookSecret.length < 16) throw new Error('The payment webhook secret is missing or shorter than 16 characters');
  const keyId = process.env.RAZORPAY_KEY_ID;
  if (keyId) {
    if (!keySecret) throw new Error('RAZORPAY_KEY_ID is set but the payment secret has no keySecret: refusing to run payments');
    return { mode: 'live', keyId, keySecret, webhookSecret };
  }
  // The test checkout confirms bookings without money: never on the production stage.
  if (process.env.STAGE === 'prod')
    throw new Error('The prod stage has no RAZORPAY_KEY_ID: refusing to run payments in test mode (deploy with -c razorpayKeyId=...)');
  return { mode: 'test', keySecret: createHmac('sha256', webhookSecret).update('forest-resort test-mode key secret').digest('hex'), webhookSecret };
}

let cached: Promise<PaymentKeys> | undefined;

export function paymentKeys(): Promise<PaymentKeys> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
