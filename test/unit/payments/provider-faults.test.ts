import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context, DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createOrder } from '../../../functions/http/payments/create-order.ts';
import { bookingKeys, paymentKeys as paymentItemKeys } from '../../../functions/lib/db/keys.ts';
import type { StoredBooking } from '../../../functions/lib/db/bookings.ts';
import { PaymentProviderError, type PaymentProvider } from '../../../functions/lib/payments/provider.ts';
import { createRazorpayApi } from '../../../functions/lib/payments/razorpay-api.ts';
import { streamSettings } from '../../../functions/streams/stream-filter.ts';
import { handler as consumer } from '../../../functions/streams/table-events.ts';
import { awsError, FakeTable } from '../../support/fake-table.ts';
import { startRazorpayStub, type RazorpayStub } from '../../support/razorpay-stub.ts';
import { asBookingItem, storedBooking, streamRecord } from '../../support/stream-fixtures.ts';

/**
 * Fault injection for the payment provider: Razorpay (the REST client, razorpay-api.ts, against the
 * local stub of test/support/razorpay-stub.ts, or with its answers garbled by a wrapped fetch) does
 * not answer, answers 5xx, answers something that is not JSON, or cannot be reached, while a guest
 * asks for an order and while the stream consumer sends a cancellation's refund. A refund that may
 * have been carried out is retried with the same idempotency key, so there is one refund; a failed
 * order is a clear 502 and stores nothing. README.md, "What survives a fault".
 */

vi.hoisted(() => {
  process.env.MAIL_FROM = 'bookings@forest-resort.in';
});
afterAll(() => {
  delete process.env.MAIL_FROM;
});

/** The stage's provider, as each test sets it: Razorpay's client pointed at the stub, with a short deadline. */
const providers = vi.hoisted(() => ({ current: undefined as PaymentProvider | undefined }));
vi.mock('../../../functions/lib/payments/stage-provider.ts', () => ({
  stageProvider: async () => {
    if (!providers.current) throw new Error('No provider set for this test');
    return providers.current;
  },
}));

const keyId = 'rzp_test_FaultKey000001';
const keySecret = 'fault-stub-secret-0123456789';
const TIMEOUT_MS = 250;

const documentMock = mockClient(DynamoDBDocumentClient);
const sesMock = mockClient(SESv2Client);
let table: FakeTable;
let stub: RazorpayStub;
let delivered: string[];

const realFetch = globalThis.fetch;

/** The next answer, once the stub has acted on the request, arrives garbled: cut in half, or the connection reset. */
function garbleNextAnswer(how: 'truncated' | 'reset') {
  let left = 1;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await realFetch(input, init);
    if (left-- <= 0) return response;
    const text = await response.text();
    if (how === 'reset') throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    return new Response(text.slice(0, Math.floor(text.length / 2)), { status: response.status, headers: response.headers });
  });
}

/** A base URL nobody listens on (a server opened and closed again). */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

const razorpay = (baseUrl = stub.url) => createRazorpayApi({ keyId, keySecret, baseUrl, timeoutMs: TIMEOUT_MS });

let errors: ReturnType<typeof spyErrors>;
const spyErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeEach(async () => {
  documentMock.reset();
  sesMock.reset();
  table = new FakeTable();
  table.install(documentMock);
  stub = await startRazorpayStub({ keyId, keySecret });
  providers.current = razorpay();
  delivered = [];
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    delivered.push(input.Content?.Simple?.Subject?.Data ?? '');
    return { MessageId: `ses-${delivered.length}` };
  });
  errors = spyErrors();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await stub.close();
});

// ---------------------------------------------------------------------------------------------

describe("Razorpay's client against answers that never come or cannot be read", () => {
  const input = { amount: 4_130_000, currency: 'INR' as const, receipt: 'VMLX2K9A1B2C3', notes: { bookingReference: 'VMLX2K9A1B2C3' } };

  it('gives up at its deadline when the answer starts and then stalls (the deadline covers the body)', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":"order_');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const started = performance.now();
      const error = await razorpay(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)
        .createOrder(input)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true });
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reports a 2xx whose body is cut off as a retryable BAD_RESPONSE', async () => {
    garbleNextAnswer('truncated');
    await expect(razorpay().createOrder(input)).rejects.toMatchObject({ code: 'BAD_RESPONSE', retryable: true, status: 200 });
  });

  it('refuses an order, payment or refund entity without its amount in paise (nothing downstream may store it)', async () => {
    stub.fail({ status: 200, body: { id: 'order_AAAAAAAAAAAAAA', entity: 'order', status: 'created' } });
    await expect(razorpay().createOrder(input)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    stub.fail({ status: 200, body: { id: 'rfnd_AAAAAAAAAAAAAA', entity: 'refund', amount: '4130000', status: 'processed' } });
    await expect(razorpay().refund('pay_AAAAAAAAAAAAAA', { amount: 100 })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('create-order when the provider fails', () => {
  const booking = () => {
    const holdEnds = Date.now() + 10 * 60_000;
    return storedBooking({ payment_method: 'razorpay', hold_expires_at: new Date(holdEnds).toISOString(), holdExpiresAtMs: holdEnds });
  };
  const request = (bookingId: string) =>
    createOrder(
      {
        version: '2.0',
        routeKey: 'POST /api/payments/create-order',
        rawPath: '/api/payments/create-order',
        rawQueryString: '',
        headers: { 'content-type': 'application/json' },
        requestContext: { http: { method: 'POST' } },
        isBase64Encoded: false,
        body: JSON.stringify({ bookingId }),
      } as unknown as APIGatewayProxyEventV2,
      { awsRequestId: 'req-fault' } as Context,
    );
  const parse = (result: unknown) => {
    const { statusCode, body } = result as { statusCode: number; body: string };
    return { statusCode, body: JSON.parse(body) as { success: boolean; error?: string; data?: { orderId: string; amount: number } } };
  };

  const faults: Array<[string, () => Promise<void> | void]> = [
    ['a 500 SERVER_ERROR', () => stub.fail({ status: 500 })],
    ['a 503 from a proxy (an HTML page)', () => stub.fail({ status: 503, body: '<html><body>Service Unavailable</body></html>' })],
    ['no answer within the deadline', () => stub.fail({ delayMs: TIMEOUT_MS * 4 })],
    ['a 200 whose JSON is cut off', () => garbleNextAnswer('truncated')],
    ['a 200 that is not an order', () => stub.fail({ status: 200, body: { entity: 'collection', count: 0, items: [] } })],
    ['an order without its amount', () => stub.fail({ status: 200, body: { id: 'order_AAAAAAAAAAAAAA', entity: 'order', status: 'created' } })],
    [
      'Razorpay unreachable (connection refused)',
      async () => {
        providers.current = razorpay(await deadUrl());
      },
    ],
  ];

  for (const [name, inject] of faults) {
    it(`${name}: a clear 502 to the guest, nothing stored; asked again, one order is attached`, async () => {
      const held = booking();
      table.put(asBookingItem(held));
      await inject();

      const answer = parse(await request(held.id));
      expect(answer).toEqual({
        statusCode: 502,
        body: { success: false, error: 'The payment service did not answer. Please try again in a moment; your villa stays held meanwhile.' },
      });
      expect(documentMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
      expect(documentMock.commandCalls(PutCommand)).toHaveLength(0);
      expect(table.get(bookingKeys.item(held.id))).not.toHaveProperty('order_id');
      expect(table.partition('ORDER#')).toEqual([]);

      providers.current = razorpay();
      const retried = parse(await request(held.id));
      expect(retried.statusCode).toBe(200);
      expect(retried.body.data).toMatchObject({ orderId: expect.stringMatching(/^order_/), amount: 4_130_000 });
      expect(table.get(bookingKeys.item(held.id))).toMatchObject({ order_id: retried.body.data?.orderId });
      expect(table.partition('ORDER#')).toHaveLength(1);
      expect(documentMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    });
  }
});

// ---------------------------------------------------------------------------------------------

describe('refunds the stream consumer sends when the provider fails', () => {
  /** A paid booking cancelled within the free window, its payment captured at the stub. */
  function cancellation() {
    const payment = stub.addCapturedPayment({ amount: 4_130_000 });
    const paid = storedBooking({ status: 'confirmed', payment_method: 'razorpay', payment_status: 'paid', payment_id: payment.id });
    const cancelled: StoredBooking = { ...paid, status: 'cancelled', cancelled_at: '2026-11-30T10:00:00.000Z', refund_amount: 41_300 };
    table.put(asBookingItem(cancelled));
    table.put({ ...bookingKeys.payment(paid.id, payment.id), entity: 'payment', id: payment.id, status: 'captured' });
    return { payment, booking: cancelled, record: streamRecord('MODIFY', asBookingItem(paid), asBookingItem(cancelled), '2001') };
  }
  const context = { getRemainingTimeInMillis: () => 30_000 };
  const consume = (record: DynamoDBRecord) => consumer({ Records: [record] }, context);
  const failed = { batchItemFailures: [{ itemIdentifier: '2001' }] };
  const ok = { batchItemFailures: [] };
  const refundRequests = () => stub.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/refund'));
  const CANCELLED = 'Booking VMLX2K9A1B2C3 cancelled';

  /** One refund at the provider, recorded once on the booking, its payment and its own item; the cancellation mailed once. */
  function expectOneRefund(booking: StoredBooking) {
    expect(stub.refunds.size).toBe(1);
    const [refund] = [...stub.refunds.values()];
    expect(refund).toMatchObject({ amount: 4_130_000, status: 'processed' });
    expect(refundRequests().map((request) => request.headers['x-refund-idempotency'])).toEqual(refundRequests().map(() => `cancel-${booking.id}`));
    expect(table.get(bookingKeys.item(booking.id))).toMatchObject({ refund_id: refund?.id, refund_status: 'processed', payment_status: 'refunded' });
    expect(table.get({ pk: `BOOKING#${booking.id}`, sk: `PAYMENT#${booking.payment_id}` })).toMatchObject({ status: 'refunded' });
    expect(
      table
        .partition(`BOOKING#${booking.id}`)
        .filter((item) => item.entity === 'refund')
        .map((item) => item.sk),
    ).toEqual([`REFUND#${refund?.id}`]);
    expect(delivered.filter((subject) => subject === CANCELLED)).toHaveLength(1);
  }

  const notCarriedOut: Array<[string, () => Promise<void> | void]> = [
    ['a 500 SERVER_ERROR', () => stub.fail({ status: 500 })],
    ['a 502 from a proxy (an HTML page)', () => stub.fail({ status: 502, body: '<html>Bad Gateway</html>' })],
    ['a 429 (rate limited)', () => stub.fail({ status: 429 })],
    [
      'Razorpay unreachable (connection refused)',
      async () => {
        providers.current = razorpay(await deadUrl());
      },
    ],
  ];
  for (const [name, inject] of notCarriedOut) {
    it(`${name}: the record fails before its e-mail; the retry refunds once`, async () => {
      const { booking, record } = cancellation();
      await inject();
      expect(await consume(record)).toEqual(failed);
      expect(stub.refunds.size).toBe(0);
      expect(delivered).toEqual([]);

      providers.current = razorpay();
      expect(await consume(record)).toEqual(ok);
      expectOneRefund(booking);
    });
  }

  const carriedOut: Array<[string, () => void]> = [
    ['no answer within the deadline (Razorpay refunds after it)', () => stub.fail({ delayMs: TIMEOUT_MS * 3 })],
    ['an answer cut off after Razorpay refunded', () => garbleNextAnswer('truncated')],
    ['the connection reset after Razorpay refunded', () => garbleNextAnswer('reset')],
  ];
  for (const [name, inject] of carriedOut) {
    it(`${name}: the retry sends the same idempotency key, and there is one refund`, async () => {
      const { booking, record } = cancellation();
      inject();
      expect(await consume(record)).toEqual(failed);
      // The first request went through at Razorpay, whatever the client heard.
      await expect.poll(() => stub.refunds.size, { timeout: 2000 }).toBe(1);
      expect(delivered).toEqual([]);

      expect(await consume(record)).toEqual(ok);
      expect(refundRequests()).toHaveLength(2);
      expectOneRefund(booking);
      // Delivered once more (a retried batch): still one refund, one e-mail.
      expect(await consume(record)).toEqual(ok);
      expectOneRefund(booking);
    });
  }

  it('recording the refund fails after Razorpay made it: the retry gets the same refund back and records it once', async () => {
    const { booking, record } = cancellation();
    table.failNext(
      'TransactWrite',
      (input) => JSON.stringify(input).includes('REFUND#'),
      () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400),
    );
    expect(await consume(record)).toEqual(failed);
    expect(stub.refunds.size).toBe(1);
    expect(await consume(record)).toEqual(ok);
    expectOneRefund(booking);
  });

  it("recording fails, and Razorpay's refund.processed webhook records the refund's item first: the retry still records it on the booking, as processed", async () => {
    const { booking, record } = cancellation();
    table.failNext(
      'TransactWrite',
      (input) => JSON.stringify(input).includes('REFUND#'),
      () => awsError('ThrottlingException', 'Rate exceeded', 400),
    );
    expect(await consume(record)).toEqual(failed);
    const [refund] = [...stub.refunds.values()];
    if (!refund) throw new Error('Razorpay made no refund');
    // What the webhook's upsert leaves (functions/lib/payments/webhook.ts): the refund's item, processed; the booking untouched, as it named no refund yet.
    const at = new Date().toISOString();
    table.put({
      ...paymentItemKeys.refund(booking.id, refund.id),
      ...paymentItemKeys.listing(at, refund.id),
      status: 'processed',
      processed_at: at,
      entity: 'refund',
      booking_id: booking.id,
      booking_reference: booking.booking_reference,
      payment_id: booking.payment_id,
      amount: 41_300,
      created_at: at,
      reason: 'Refund processed by the payment provider',
    });
    // Razorpay answers the retried (idempotent) request with the refund as it was made: still pending.
    stub.fail({ status: 200, body: { ...refund, status: 'pending' } });

    expect(await consume(record)).toEqual(ok);
    expectOneRefund(booking);
  });

  it('a refund record refused for another reason than an earlier record of it (its payment item missing) fails the record, not passed in silence', async () => {
    const { booking, record } = cancellation();
    table.items.delete(`BOOKING#${booking.id}|PAYMENT#${booking.payment_id}`);
    expect(await consume(record)).toEqual(failed);
    expect(table.get(bookingKeys.item(booking.id))).not.toHaveProperty('refund_id');
    expect(delivered).toEqual([]);
  });

  it('a refund Razorpay refuses (400, not retryable) fails the record on every attempt, bounded by the event source; no refund, no e-mail announcing one', async () => {
    const { payment, record } = cancellation();
    // Refunded already from Razorpay's dashboard: nothing is left to refund.
    Object.assign(payment, { amount_refunded: payment.amount, refund_status: 'full', status: 'refunded' });
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await consume(record)).toEqual(failed);
    // One request per attempt (no loop inside the function); after streamSettings.retryAttempts the record is set aside, alarmed.
    expect(refundRequests()).toHaveLength(3);
    expect(streamSettings.retryAttempts).toBeGreaterThanOrEqual(0);
    expect(streamSettings.retryAttempts).toBeLessThanOrEqual(10);
    expect(stub.refunds.size).toBe(0);
    expect(delivered).toEqual([]);
    expect(errors.mock.calls.some((call) => String(call[0]).includes('greater than amount captured'))).toBe(true);
  });
});
