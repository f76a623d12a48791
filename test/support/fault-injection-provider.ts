import type { RefundInput } from '../../functions/lib/payments/provider.ts';

/** Every refund the consumer asks the provider for (the stage's test provider answers it). */
export const refundCalls: Array<{ paymentId: string; input: RefundInput }> = [];

/** The stage-provider module as the fault-injection tests mock it: the test provider, its refunds recorded. */
export async function recordingStageProvider() {
  const { createTestProvider } = await import('../../functions/lib/payments/test-provider.ts');
  const provider = createTestProvider({ keySecret: 'fault-injection-key-secret-0123456789', webhookSecret: 'fault-injection-webhook-0123456789' });
  return {
    stageProvider: async () => ({
      ...provider,
      refund: (paymentId: string, input: RefundInput) => {
        refundCalls.push({ paymentId, input });
        return provider.refund(paymentId, input);
      },
    }),
  };
}
