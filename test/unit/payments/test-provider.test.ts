import { describe, expect, it, vi } from 'vitest';
import { PaymentProviderError, type ProviderPayment } from '../../../functions/lib/payments/provider.ts';
import { verifyCheckoutSignature, verifyWebhookSignature } from '../../../functions/lib/payments/signatures.ts';
import { createTestProvider, TEST_ACCOUNT_ID } from '../../../functions/lib/payments/test-provider.ts';

const keySecret = 'test-mode-key-secret';
const webhookSecret = 'test-mode-webhook-secret';
const NOW = Date.UTC(2026, 11, 1, 9, 30, 15);
const provider = createTestProvider({ keySecret, webhookSecret, now: () => NOW });
const notes = { bookingReference: 'FR-7Q2K9', villa: 'Kingfisher', checkIn: '2026-12-20', checkOut: '2026-12-22', guests: '2' };

const ORDER_ID = /^order_[A-Za-z0-9]{14}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{14}$/;
const REFUND_ID = /^rfnd_[A-Za-z0-9]{14}$/;

const newOrder = () => provider.createOrder({ amount: 1_800_000, currency: 'INR', receipt: 'FR-7Q2K9', notes });

describe('test provider', () => {
  it('makes orders with Razorpay’s id format and fields, at its clock', async () => {
    const order = await newOrder();
    expect(provider.mode).toBe('test');
    expect(order).toEqual({
      id: expect.stringMatching(ORDER_ID),
      entity: 'order',
      amount: 1_800_000,
      amount_paid: 0,
      amount_due: 1_800_000,
      currency: 'INR',
      receipt: 'FR-7Q2K9',
      status: 'created',
      attempts: 0,
      notes,
      created_at: NOW / 1000,
    });
  });

  it('draws ids at random: 200 orders, 200 different ids, all of the format', async () => {
    const ids = await Promise.all(Array.from({ length: 200 }, () => newOrder().then((order) => order.id)));
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(id).toMatch(ORDER_ID);
    // Every base62 class shows up over 2,800 characters.
    const chars = ids.map((id) => id.slice(6)).join('');
    for (const range of [/[0-9]/, /[A-Z]/, /[a-z]/]) expect(chars).toMatch(range);
  });

  it('refuses what Razorpay refuses, with its 400', async () => {
    for (const input of [
      { amount: 99, currency: 'INR' as const, receipt: 'FR-1', notes },
      { amount: 100.5, currency: 'INR' as const, receipt: 'FR-1', notes },
      { amount: 10_000, currency: 'INR' as const, receipt: 'R'.repeat(41), notes },
    ]) {
      const error = await provider.createOrder(input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR', retryable: false });
    }
  });

  it('pays with the test card: a captured payment and a checkout response the server’s verification accepts', async () => {
    const order = await newOrder();
    const result = provider.payWithTestCard({ id: order.id, amount: order.amount, notes: order.notes, email: 'asha@example.com' }, 'success');
    if (!result.ok) throw new Error('expected a success');
    expect(result.payment).toMatchObject({
      id: expect.stringMatching(PAYMENT_ID),
      entity: 'payment',
      amount: 1_800_000,
      currency: 'INR',
      status: 'captured',
      captured: true,
      order_id: order.id,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      email: 'asha@example.com',
      error_code: null,
      notes,
      created_at: NOW / 1000,
    });
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = result.response;
    expect(razorpay_order_id).toBe(order.id);
    expect(razorpay_payment_id).toBe(result.payment.id);
    expect(razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCheckoutSignature(razorpay_order_id, razorpay_payment_id, razorpay_signature, keySecret)).toBe(true);
    // Signed with the key secret, not anything of test mode's own: another secret fails, as does another order.
    expect(verifyCheckoutSignature(razorpay_order_id, razorpay_payment_id, razorpay_signature, 'another-secret')).toBe(false);
    expect(verifyCheckoutSignature(razorpay_order_id, razorpay_payment_id, razorpay_signature, webhookSecret)).toBe(false);
    expect(verifyCheckoutSignature((await newOrder()).id, razorpay_payment_id, razorpay_signature, keySecret)).toBe(false);
  });

  it('fails with the test card in Razorpay’s payment.failed error shape, and a failed payment', async () => {
    const order = await newOrder();
    const result = provider.payWithTestCard({ id: order.id, amount: order.amount }, 'failure');
    if (result.ok) throw new Error('expected a failure');
    expect(result).not.toHaveProperty('response');
    expect(result.error).toEqual({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed because the test card was declined (test mode)',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
    });
    expect(result.payment).toMatchObject({
      id: expect.stringMatching(PAYMENT_ID),
      status: 'failed',
      captured: false,
      order_id: order.id,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed because the test card was declined (test mode)',
      error_source: 'customer',
      error_step: 'payment_authorization',
      error_reason: 'payment_failed',
    });
    expect(() => provider.payWithTestCard({ id: 'not-an-order', amount: 100 }, 'success')).toThrow(/order id/);
  });

  it('makes payment webhooks in Razorpay’s event format, signed over the exact body', async () => {
    const order = await newOrder();
    const paid = provider.payWithTestCard({ id: order.id, amount: order.amount, notes }, 'success');
    const webhook = provider.webhook('payment.captured', { payment: paid.payment });
    expect(webhook.eventId).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(verifyWebhookSignature(webhook.body, webhook.signature, webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(webhook.body, webhook.signature, keySecret)).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(webhook.body)) + ' ', webhook.signature, webhookSecret)).toBe(false);
    const event = JSON.parse(webhook.body);
    expect(Object.keys(event)).toEqual(['entity', 'account_id', 'event', 'contains', 'payload', 'created_at']);
    expect(event).toEqual({
      entity: 'event',
      account_id: TEST_ACCOUNT_ID,
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: paid.payment } },
      created_at: NOW / 1000,
    });
    expect(TEST_ACCOUNT_ID).toMatch(/^acc_[A-Za-z0-9]{14}$/);

    const declined = provider.payWithTestCard({ id: order.id, amount: order.amount }, 'failure');
    const failed = provider.webhook('payment.failed', { payment: declined.payment });
    expect(JSON.parse(failed.body)).toMatchObject({ event: 'payment.failed', contains: ['payment'], payload: { payment: { entity: { status: 'failed' } } } });
    expect(verifyWebhookSignature(failed.body, failed.signature, webhookSecret)).toBe(true);
    expect(failed.eventId).not.toBe(webhook.eventId);

    expect(() => provider.webhook('payment.captured', { payment: declined.payment })).toThrow(/captured payment/);
    expect(() => provider.webhook('payment.failed', {})).toThrow(/carries the payment/);
  });

  it('refunds as processed with a rfnd_ id, and its refund.processed webhook names the refund and the payment', async () => {
    const order = await newOrder();
    const paid = provider.payWithTestCard({ id: order.id, amount: order.amount }, 'success');
    const refund = await provider.refund(paid.payment.id, { amount: 600_000, notes: { reason: 'Guest cancelled' }, receipt: 'RF-1' });
    expect(refund).toEqual({
      id: expect.stringMatching(REFUND_ID),
      entity: 'refund',
      amount: 600_000,
      currency: 'INR',
      payment_id: paid.payment.id,
      notes: { reason: 'Guest cancelled' },
      receipt: 'RF-1',
      created_at: NOW / 1000,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    const payment: ProviderPayment = { ...paid.payment, amount_refunded: 600_000, refund_status: 'partial' };
    const webhook = provider.webhook('refund.processed', { payment, refund });
    const event = JSON.parse(webhook.body);
    expect(event).toMatchObject({ entity: 'event', event: 'refund.processed', contains: ['refund', 'payment'] });
    expect(event.payload).toEqual({ refund: { entity: refund }, payment: { entity: payment } });
    expect(verifyWebhookSignature(webhook.body, webhook.signature, webhookSecret)).toBe(true);
    expect(() => provider.webhook('refund.processed', { payment })).toThrow(/refund/);
  });

  it('answers the same refund id for a retried idempotent refund, and a new one otherwise', async () => {
    const paymentId = 'pay_FgR9UMzgmKDJRi';
    const first = await provider.refund(paymentId, { amount: 10_000, idempotencyKey: 'refund-record-0001' });
    const again = await provider.refund(paymentId, { amount: 10_000, idempotencyKey: 'refund-record-0001' });
    const other = await provider.refund(paymentId, { amount: 10_000, idempotencyKey: 'refund-record-0002' });
    expect(first.id).toMatch(REFUND_ID);
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect((await provider.refund(paymentId, { amount: 10_000 })).id).not.toBe((await provider.refund(paymentId, { amount: 10_000 })).id);
    await expect(provider.refund('pay_short', { amount: 10_000 })).rejects.toMatchObject({ status: 400, retryable: false });
  });

  it('fetches a payment as a captured entity of that id, knowing nothing more (stateless)', async () => {
    const payment = await provider.fetchPayment('pay_FgR9UMzgmKDJRi');
    expect(payment).toMatchObject({ id: 'pay_FgR9UMzgmKDJRi', entity: 'payment', status: 'captured', captured: true, amount: 0, order_id: null });
    await expect(provider.fetchPayment('../orders')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('needs both secrets', () => {
    expect(() => createTestProvider({ keySecret: '', webhookSecret })).toThrow(/key secret/);
    expect(() => createTestProvider({ keySecret, webhookSecret: '' })).toThrow(/webhook secret/);
  });
});

describe('the stage decides the mode', () => {
  it('runs the test provider without a key id, but never on prod, and refuses a key id without its secret', async () => {
    const load = async (env: Record<string, string | undefined>) => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
      vi.resetModules();
      try {
        const { paymentKeys } = await import('../../../functions/lib/payments/payment-keys.ts');
        return await paymentKeys();
      } finally {
        process.env = saved;
      }
    };
    await expect(load({ STAGE: 'dev', RAZORPAY_KEY_ID: undefined })).resolves.toMatchObject({ mode: 'test' });
    await expect(load({ STAGE: 'prod', RAZORPAY_KEY_ID: undefined })).rejects.toThrow(/prod stage has no RAZORPAY_KEY_ID/);
    await expect(load({ STAGE: 'prod', RAZORPAY_KEY_ID: 'rzp_live_abc', PAYMENT_KEY_SECRET: undefined })).rejects.toThrow(/keySecret/);
    await expect(load({ STAGE: 'prod', RAZORPAY_KEY_ID: 'rzp_live_abc', PAYMENT_KEY_SECRET: 'k'.repeat(24) })).resolves.toMatchObject({
      mode: 'live',
      keyId: 'rzp_live_abc',
    });
  });
});
