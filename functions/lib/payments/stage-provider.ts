import type { PaymentProvider } from './provider.ts';
import { paymentKeys } from './payment-keys.ts';
import { createRazorpayApi } from './razorpay-api.ts';
import { createTestPaymentProvider } from './test-provider.ts';

/**
 * The stage's provider: Razorpay's REST API when a key id is configured, else the built-in test
 * provider, which follows Razorpay's formats and signs with the stage's own (derived) key secret.
 */
let provider: Promise<PaymentProvider> | undefined;

export function stageProvider(): Promise<PaymentProvider> {
  provider ??= paymentKeys()
    .then((keys) =>
      keys.mode === 'live' && keys.keyId
        ? createRazorpayApi({ keyId: keys.keyId, keySecret: keys.keySecret })
        : createTestPaymentProvider({ keySecret: keys.keySecret, webhookSecret: keys.webhookSecret }),
    )
    .catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
  return provider;
}
