import { createHmac, randomInt } from 'node:crypto';
import type { CheckoutError } from '../../../shared/payments.ts';
import {
  PaymentProviderError,
  type CreateOrderInput,
  type Notes,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
} from './provider.ts';
import { checkoutSignature, webhookSignature } from './signatures.ts';

/**
 * The built-in test provider: stands in for Razorpay while no Razorpay key is configured (local
 * runs, the test stage), and makes exactly what Razorpay would: `order_` / `pay_` / `rfnd_` ids of
 * 14 base62 characters, entities with Razorpay's fields, checkout responses signed with the key
 * secret through checkoutSignature() (so the server's ordinary verification accepts them and a
 * forged one fails the same way), and webhook bodies in Razorpay's event format signed with the
 * webhook secret through webhookSignature(). Nothing about test mode reaches the verification code.
 *
 * It is stateless (every Lambda container may hold its own instance, and nothing is stored), so it
 * cannot know what it made earlier:
 * - refund() cannot check the amount against what was captured or refunded before (the handler's
 *   own record must), and always answers a 'processed' refund. With an idempotency key the refund's
 *   id is derived from the key, so a retried refund answers the same id, as Razorpay's would.
 * - fetchPayment() answers a captured payment with that id but amount 0, no order and no notes: the
 *   caller's stored payment is the record in test mode.
 * - webhook() signs whatever entities it is given; pass them as they stand after the event (for
 *   refund.processed, the payment with its amount_refunded).
 */

export type TestProviderOptions = {
  keySecret: string;
  webhookSecret: string;
  /** The clock, in milliseconds since the epoch (Date.now by default); entities carry unix seconds. */
  now?: () => number;
};

export type TestCheckoutResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

export type TestCheckoutResult =
  { ok: true; payment: ProviderPayment; response: TestCheckoutResponse } | { ok: false; payment: ProviderPayment; error: CheckoutError };

export type TestWebhookEvent = 'payment.captured' | 'payment.failed' | 'refund.processed';

export type TestWebhook = {
  /** The request body exactly as signed: send these bytes, unchanged. */
  body: string;
  /** The X-Razorpay-Signature header's value. */
  signature: string;
  /** The x-razorpay-event-id header's value: the same on every delivery of one event. */
  eventId: string;
};

export type TestProvider = PaymentProvider & {
  mode: 'test';
  /** The test dialog's Pay (captured payment and a signed checkout response) or Fail (failed payment and Razorpay's error). */
  payWithTestCard(order: { id: string; amount: number; notes?: Notes; email?: string; contact?: string }, outcome: 'success' | 'failure'): TestCheckoutResult;
  webhook(event: TestWebhookEvent, entities: { payment?: ProviderPayment; refund?: ProviderRefund }): TestWebhook;
};

/** The account id on test webhooks (Razorpay's `acc_` and 14 characters). */
export const TEST_ACCOUNT_ID = 'acc_TestProvider01';

/** Razorpay's error for a declined payment, as the checkout's payment.failed handler receives it. */
export const TEST_CARD_DECLINED: CheckoutError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Payment failed because the test card was declined (test mode)',
  source: 'customer',
  step: 'payment_authorization',
  reason: 'payment_failed',
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 14;

/** 14 uniformly random base62 characters (randomInt has no modulo bias). */
export function randomBase62(length = ID_LENGTH): string {
  let id = '';
  for (let i = 0; i < length; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

/** 14 base62 characters derived from an HMAC: the same input always gives the same id. */
function derivedBase62(key: string, input: string): string {
  const digest = createHmac('sha256', key).update(input, 'utf8').digest();
  let id = '';
  // 32 bytes; each byte mod 62 is very slightly biased, which does not matter for an id.
  for (let i = 0; i < ID_LENGTH; i++) id += BASE62[(digest[i] ?? 0) % BASE62.length];
  return id;
}

const PAYMENT_ID = /^pay_[A-Za-z0-9]{14}$/;
const ORDER_ID = /^order_[A-Za-z0-9]{14}$/;

/** Razorpay's 400 for a request it refuses, with its wording. */
const badRequest = (description: string, field: string) =>
  new PaymentProviderError(`Test provider: 400 BAD_REQUEST_ERROR: ${description}`, description, {
    status: 400,
    code: 'BAD_REQUEST_ERROR',
    retryable: false,
    field,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
  });

function checkAmount(amount: unknown): void {
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest('The amount must be an integer.', 'amount');
  if (amount < 100) throw badRequest('The amount must be at least INR 1.00', 'amount');
}

function checkReceipt(receipt: unknown): void {
  if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
    throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
}

/** A payment entity with Razorpay's defaults for what `fields` leaves out. */
const paymentEntity = (fields: Partial<ProviderPayment> & Pick<ProviderPayment, 'id' | 'amount' | 'status'>, createdAt: number): ProviderPayment => ({
  entity: 'payment',
  currency: 'INR',
  order_id: null,
  method: 'card',
  amount_refunded: 0,
  refund_status: null,
  captured: fields.status === 'captured',
  description: null,
  // Razorpay's placeholder when the checkout collected no e-mail.
  email: 'void@razorpay.com',
  contact: '',
  fee: fields.status === 'captured' ? 0 : null,
  tax: fields.status === 'captured' ? 0 : null,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  notes: {},
  created_at: createdAt,
  ...fields,
});

const clock = (options: TestProviderOptions) => () => Math.floor((options.now ?? Date.now)() / 1000);

/**
 * The provider part of the test provider (orders, refunds, payments): what the stage's provider
 * serves (stage-provider.ts), without the test checkout's own parts (createTestProvider below).
 */
export function createTestPaymentProvider(options: TestProviderOptions): PaymentProvider & { mode: 'test' } {
  const { keySecret, webhookSecret } = options;
  if (typeof keySecret !== 'string' || keySecret === '') throw new Error('The test provider needs a key secret to sign checkout responses');
  if (typeof webhookSecret !== 'string' || webhookSecret === '') throw new Error('The test provider needs a webhook secret to sign webhooks');
  const nowSeconds = clock(options);

  return {
    mode: 'test',

    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      checkAmount(input.amount);
      if (input.currency !== 'INR') throw badRequest('The currency field is required.', 'currency');
      checkReceipt(input.receipt);
      return {
        id: `order_${randomBase62()}`,
        entity: 'order',
        amount: input.amount,
        amount_paid: 0,
        amount_due: input.amount,
        currency: input.currency,
        receipt: input.receipt,
        status: 'created',
        attempts: 0,
        notes: { ...input.notes },
        created_at: nowSeconds(),
      };
    },

    async refund(paymentId: string, input: RefundInput): Promise<ProviderRefund> {
      if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId)) throw badRequest('The id provided does not exist', 'id');
      checkAmount(input.amount);
      checkReceipt(input.receipt);
      const id = input.idempotencyKey === undefined ? randomBase62() : derivedBase62(keySecret, `refund|${paymentId}|${input.idempotencyKey}`);
      return {
        id: `rfnd_${id}`,
        entity: 'refund',
        amount: input.amount,
        currency: 'INR',
        payment_id: paymentId,
        notes: { ...input.notes },
        receipt: input.receipt ?? null,
        created_at: nowSeconds(),
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: 'normal',
      };
    },

    async fetchPayment(paymentId: string): Promise<ProviderPayment> {
      if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId)) throw badRequest('The id provided does not exist', 'id');
      // Stateless: the id is all there is to go on (see the module's note).
      return paymentEntity(
        {
          id: paymentId,
          amount: 0,
          status: 'captured',
          description: 'Test mode: the test provider keeps no payments; amount and order are unknown',
        },
        nowSeconds(),
      );
    },
  };
}

/** The whole test provider: its provider part and the test checkout's Pay or Fail and webhooks. */
export function createTestProvider(options: TestProviderOptions): TestProvider {
  const provider = createTestPaymentProvider(options);
  const { keySecret, webhookSecret } = options;
  const nowSeconds = clock(options);

  return {
    ...provider,

    payWithTestCard(order, outcome) {
      if (typeof order.id !== 'string' || !ORDER_ID.test(order.id)) throw new Error('payWithTestCard needs a Razorpay order id');
      if (!Number.isInteger(order.amount) || order.amount < 100) throw new Error('payWithTestCard needs the order amount in paise');
      const common = {
        id: `pay_${randomBase62()}`,
        amount: order.amount,
        order_id: order.id,
        notes: { ...order.notes },
        ...(order.email ? { email: order.email } : {}),
        ...(order.contact ? { contact: order.contact } : {}),
      };
      if (outcome === 'success') {
        const captured = paymentEntity({ ...common, status: 'captured' }, nowSeconds());
        return {
          ok: true,
          payment: captured,
          response: { razorpay_order_id: order.id, razorpay_payment_id: captured.id, razorpay_signature: checkoutSignature(order.id, captured.id, keySecret) },
        };
      }
      const failed = paymentEntity(
        {
          ...common,
          status: 'failed',
          error_code: TEST_CARD_DECLINED.code,
          error_description: TEST_CARD_DECLINED.description,
          error_source: TEST_CARD_DECLINED.source,
          error_step: TEST_CARD_DECLINED.step,
          error_reason: TEST_CARD_DECLINED.reason,
        },
        nowSeconds(),
      );
      return { ok: false, payment: failed, error: { ...TEST_CARD_DECLINED } };
    },

    webhook(event, { payment, refund }) {
      if (!payment) throw new Error(`A ${event} webhook carries the payment`);
      const expected = { 'payment.captured': 'captured', 'payment.failed': 'failed' } as const;
      if (event !== 'refund.processed' && payment.status !== expected[event])
        throw new Error(`A ${event} webhook carries a ${expected[event]} payment, not a ${payment.status} one`);
      if (event === 'refund.processed' && (!refund || refund.payment_id !== payment.id))
        throw new Error('A refund.processed webhook carries the refund and the payment it refunds');
      // Razorpay's event envelope, its keys in Razorpay's order; a refund event names the refund first.
      const envelope = {
        entity: 'event',
        account_id: TEST_ACCOUNT_ID,
        event,
        contains: event === 'refund.processed' ? ['refund', 'payment'] : ['payment'],
        payload: event === 'refund.processed' ? { refund: { entity: refund }, payment: { entity: payment } } : { payment: { entity: payment } },
        created_at: nowSeconds(),
      };
      const body = JSON.stringify(envelope);
      return { body, signature: webhookSignature(body, webhookSecret), eventId: randomBase62() };
    },
  };
}
