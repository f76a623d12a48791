import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../../functions/lib/payments/provider.ts';
import { createRazorpayApi } from '../../../functions/lib/payments/razorpay-api.ts';
import { startRazorpayStub, type RazorpayStub } from '../../support/razorpay-stub.ts';

const keyId = 'rzp_test_StubKey0000001';
const keySecret = 'stub-secret-NEVER-in-messages-7f3a';
const notes = { bookingReference: 'FR-7Q2K9', villa: 'Kingfisher', checkIn: '2026-12-20', checkOut: '2026-12-22', guests: '2' };

let stub: RazorpayStub;
beforeEach(async () => {
  stub = await startRazorpayStub({ keyId, keySecret });
});
afterEach(async () => {
  await stub.close();
});

const api = (options: { timeoutMs?: number; keySecret?: string } = {}) =>
  createRazorpayApi({ keyId, keySecret: options.keySecret ?? keySecret, baseUrl: stub.url, ...options });

/** The rejection of `promise`, which must be a PaymentProviderError. */
async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

/** Nothing a logger might print of the error carries the secret or the encoded credentials. */
function expectNoSecret(value: unknown) {
  const printed = `${inspect(value, { depth: 10, showHidden: true })} ${value instanceof Error ? `${value.message} ${value.stack}` : ''} ${JSON.stringify(value)}`;
  expect(printed).not.toContain(keySecret);
  expect(printed).not.toContain(Buffer.from(`${keyId}:${keySecret}`).toString('base64'));
}

describe('Razorpay REST client against the local stub', () => {
  it('creates an order with Basic auth and JSON, and answers Razorpay’s order entity', async () => {
    const order = await api().createOrder({ amount: 1_800_000, currency: 'INR', receipt: 'FR-7Q2K9', notes });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 1_800_000,
      amount_paid: 0,
      amount_due: 1_800_000,
      currency: 'INR',
      receipt: 'FR-7Q2K9',
      status: 'created',
      attempts: 0,
      notes,
      created_at: expect.any(Number),
    });
    expect(Math.abs(order.created_at - Date.now() / 1000)).toBeLessThan(60);
    const [request] = stub.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      auth: keyId,
      body: { amount: 1_800_000, currency: 'INR', receipt: 'FR-7Q2K9', notes },
    });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`);
  });

  it('normalizes Razorpay’s empty notes ([]) to an object', async () => {
    const order = await api().createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-EMPTY', notes: {} });
    expect(order.notes).toEqual({});
  });

  it('fetches an order and a payment by id', async () => {
    const client = api();
    const order = await client.createOrder({ amount: 500_000, currency: 'INR', receipt: 'FR-FETCH', notes });
    expect(await client.fetchOrder(order.id)).toEqual(order);
    const payment = stub.addCapturedPayment({ amount: 500_000, order_id: order.id });
    expect(await client.fetchPayment(payment.id)).toEqual(payment);
    expect((await client.fetchOrder(order.id)).status).toBe('paid');
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/orders',
      `GET /v1/orders/${order.id}`,
      `GET /v1/payments/${payment.id}`,
      `GET /v1/orders/${order.id}`,
    ]);
  });

  it('refunds a captured payment at normal speed with notes and receipt, and the payment shows it', async () => {
    const client = api();
    const payment = stub.addCapturedPayment({ amount: 1_000_000 });
    const refund = await client.refund(payment.id, { amount: 400_000, notes: { reason: 'Guest cancelled' }, receipt: 'RF-FR-7Q2K9-1' });
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 400_000,
      currency: 'INR',
      payment_id: payment.id,
      notes: { reason: 'Guest cancelled' },
      receipt: 'RF-FR-7Q2K9-1',
      created_at: expect.any(Number),
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(stub.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${payment.id}/refund`,
      body: { amount: 400_000, speed: 'normal', notes: { reason: 'Guest cancelled' }, receipt: 'RF-FR-7Q2K9-1' },
    });
    expect(await client.fetchPayment(payment.id)).toMatchObject({ status: 'captured', amount_refunded: 400_000, refund_status: 'partial' });
  });

  it('sends the refund idempotency key: a retry with the same key makes one refund', async () => {
    const client = api();
    const payment = stub.addCapturedPayment({ amount: 1_000_000 });
    const first = await client.refund(payment.id, { amount: 300_000, idempotencyKey: 'refund-6f1c2e2a-0001' });
    const retried = await client.refund(payment.id, { amount: 300_000, idempotencyKey: 'refund-6f1c2e2a-0001' });
    expect(retried.id).toBe(first.id);
    expect(stub.refunds.size).toBe(1);
    expect(stub.requests.at(-1)?.headers['x-refund-idempotency']).toBe('refund-6f1c2e2a-0001');
    const reused = await failure(client.refund(payment.id, { amount: 200_000, idempotencyKey: 'refund-6f1c2e2a-0001' }));
    expect(reused).toMatchObject({ status: 400, retryable: false, description: 'Different request with the same idempotency key has already been processed.' });
    const badKey = await failure(client.refund(payment.id, { amount: 100, idempotencyKey: 'short' }));
    expect(badKey).toMatchObject({ retryable: false, status: undefined });
    expect(stub.requests).toHaveLength(3);
  });

  it('maps Razorpay’s 400s to non-retryable errors carrying its description, code and field', async () => {
    const client = api();
    const small = await failure(client.createOrder({ amount: 99, currency: 'INR', receipt: 'FR-SMALL', notes }));
    expect(small).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The amount must be at least INR 1.00',
      field: 'amount',
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      retryable: false,
    });
    expect(small.message).toBe('Razorpay POST /orders failed: 400 BAD_REQUEST_ERROR: The amount must be at least INR 1.00');

    const longReceipt = await failure(client.createOrder({ amount: 10_000, currency: 'INR', receipt: 'R'.repeat(41), notes }));
    expect(longReceipt).toMatchObject({ status: 400, field: 'receipt', retryable: false });

    const noCurrency = await failure(client.createOrder({ amount: 10_000, receipt: 'FR-NOCUR', notes } as never));
    expect(noCurrency).toMatchObject({ status: 400, field: 'currency', description: 'The currency field is required.' });

    const payment = stub.addCapturedPayment({ amount: 500_000 });
    const tooMuch = await failure(client.refund(payment.id, { amount: 500_001 }));
    expect(tooMuch).toMatchObject({ status: 400, retryable: false, description: 'The refund amount provided is greater than amount captured' });
    await client.refund(payment.id, { amount: 300_000 });
    const twice = await failure(client.refund(payment.id, { amount: 300_000 }));
    expect(twice.description).toBe('The refund amount provided is greater than amount captured');

    const unknown = await failure(client.fetchPayment('pay_AAAAAAAAAAAAAA'));
    expect(unknown).toMatchObject({ status: 400, description: 'The id provided does not exist' });
    expect(stub.refunds.size).toBe(1);
  });

  it('refuses ids that would address another resource, without a request', async () => {
    const client = api();
    for (const id of ['', '..', 'pay_X/../../orders', 'order_DaZlswtdcn9UNV', 'pay_A?count=100'])
      expect(await failure(client.fetchPayment(id))).toMatchObject({ retryable: false, status: undefined });
    expect(await failure(client.fetchOrder('pay_FgR9UMzgmKDJRi'))).toMatchObject({ retryable: false });
    expect(await failure(client.refund('', { amount: 100 }))).toMatchObject({ retryable: false });
    expect(stub.requests).toHaveLength(0);
  });

  it('maps a wrong key secret to a non-retryable 401 with Razorpay’s description, and never shows the secret', async () => {
    const wrongSecret = `${keySecret}-but-wrong`;
    const error = await failure(api({ keySecret: wrongSecret }).createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-401', notes }));
    expect(error).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', retryable: false });
    expect(error.message).not.toContain(wrongSecret);
    expect(inspect(error, { depth: 10 })).not.toContain(wrongSecret);
    expect(stub.requests[0]?.auth).toBe(keyId);
  });

  it('marks 5xx and 429 retryable, with Razorpay’s description', async () => {
    const client = api();
    stub.fail({ status: 500 });
    const server = await failure(client.createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-500', notes }));
    expect(server).toMatchObject({ status: 500, code: 'SERVER_ERROR', retryable: true });
    expect(server.description).toMatch(/server encountered an error/);

    stub.fail({ status: 502, body: '<html>Bad Gateway</html>' });
    expect(await failure(client.fetchPayment('pay_AAAAAAAAAAAAAA'))).toMatchObject({ status: 502, retryable: true, description: 'HTTP 502 Bad Gateway' });

    stub.fail({ status: 429 });
    expect(await failure(client.createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-429', notes }))).toMatchObject({
      status: 429,
      retryable: true,
      description: 'Too many requests',
    });

    // The fault was one request's: the next one goes through.
    expect((await client.createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-OK', notes })).status).toBe('created');
  });

  it('gives up on a hung Razorpay at its deadline with a retryable TIMEOUT', async () => {
    stub.fail({ delayMs: 3000 });
    const started = performance.now();
    const error = await failure(api({ timeoutMs: 200 }).createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-HANG', notes }));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true, status: undefined });
    expect(error.description).toBe('No answer from Razorpay within 200 ms');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1000);
  });

  it('reports an unreachable Razorpay as a retryable NETWORK_ERROR', async () => {
    const url = stub.url;
    await stub.close();
    const error = await failure(createRazorpayApi({ keyId, keySecret, baseUrl: url }).fetchPayment('pay_AAAAAAAAAAAAAA'));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', retryable: true, status: undefined });
    expect(error.description).toMatch(/ECONNREFUSED/);
    expectNoSecret(error);
    stub = await startRazorpayStub({ keyId, keySecret });
  });

  it('never puts the key secret in an error, even when an answer echoes it', async () => {
    const client = api();
    const echoed = `Invalid key ${keySecret} for ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    stub.fail({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: echoed, field: keySecret, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
    });
    const errors = [await failure(client.createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-ECHO', notes }))];
    errors.push(await failure(api({ keySecret: 'x-wrong-secret' }).fetchPayment('pay_AAAAAAAAAAAAAA')));
    stub.fail({ status: 503 });
    errors.push(await failure(client.refund('pay_AAAAAAAAAAAAAA', { amount: 100 })));
    stub.fail({ delayMs: 2000 });
    errors.push(await failure(api({ timeoutMs: 100 }).fetchPayment('pay_AAAAAAAAAAAAAA')));
    for (const error of errors) expectNoSecret(error);
    expect(errors[0]?.description).toContain('[secret]');
    // Nor does the client object itself show it.
    expectNoSecret(client);
  });

  it('reads RAZORPAY_API_BASE when no baseUrl is given, and refuses a missing key', async () => {
    const previous = process.env.RAZORPAY_API_BASE;
    process.env.RAZORPAY_API_BASE = `${stub.url}/`;
    try {
      await createRazorpayApi({ keyId, keySecret }).createOrder({ amount: 10_000, currency: 'INR', receipt: 'FR-ENV', notes });
      expect(stub.requests.at(-1)?.path).toBe('/v1/orders');
    } finally {
      if (previous === undefined) delete process.env.RAZORPAY_API_BASE;
      else process.env.RAZORPAY_API_BASE = previous;
    }
    expect(() => createRazorpayApi({ keyId: '', keySecret })).toThrow(/key id/);
    expect(() => createRazorpayApi({ keyId, keySecret: '' })).toThrow(/key secret/);
    expect(createRazorpayApi({ keyId, keySecret }).mode).toBe('live');
  });
});
