import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderOrder, ProviderPayment, ProviderRefund } from '../../functions/lib/payments/provider.ts';

/**
 * A local stand-in for Razorpay's REST API (the four calls of functions/lib/payments/razorpay-api.ts)
 * on a real HTTP server, answering as Razorpay does: HTTP Basic auth with the key pair (401 and
 * Razorpay's error body otherwise), Razorpay's validation 400s with its wording, orders and refunds
 * with the documented fields, refunds only of captured payments and never above what is left.
 * `url` is the base to hand the client (it ends in /v1, as Razorpay's does).
 *
 * A test registers the captured payments it refunds (addCapturedPayment), reads what was made
 * (orders, payments, refunds) and asked (requests), and queues faults for the next requests, one
 * each: fail({ status, body? }) answers that status (Razorpay's error body by default), and
 * fail({ delayMs }) holds the answer that long (longer than the client's timeout, a hang).
 */
export type RazorpayStubRequest = {
  method: string;
  path: string;
  body: unknown;
  /** The key id of a well-formed Basic Authorization header (right secret or not), else undefined. */
  auth: string | undefined;
  headers: IncomingMessage['headers'];
};

export type RazorpayStubFault = { status: number; body?: unknown } | { delayMs: number };

export type RazorpayStub = {
  url: string;
  orders: Map<string, ProviderOrder>;
  payments: Map<string, ProviderPayment>;
  refunds: Map<string, ProviderRefund>;
  requests: RazorpayStubRequest[];
  /** Registers a captured payment (defaults for the fields not given) and returns it. */
  addCapturedPayment(payment: Partial<ProviderPayment> & { amount: number }): ProviderPayment;
  /** Queues a fault for the next request not yet faulted. */
  fail(next: RazorpayStubFault): void;
  close(): Promise<void>;
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = (prefix: string) => prefix + Array.from({ length: 14 }, () => BASE62[randomInt(62)]).join('');
const now = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body. */
export const razorpayError = (code: string, description: string, more: { field?: string; source?: string; step?: string; reason?: string } = {}) => ({
  error: {
    code,
    description,
    source: more.source ?? 'NA',
    step: more.step ?? 'NA',
    reason: more.reason ?? 'NA',
    metadata: {},
    ...(more.field ? { field: more.field } : {}),
  },
});

const validation = (description: string, field: string) =>
  razorpayError('BAD_REQUEST_ERROR', description, { field, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' });

const defaultFaultBody = (status: number) =>
  status === 429
    ? razorpayError('BAD_REQUEST_ERROR', 'Too many requests')
    : status >= 500
      ? razorpayError('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.')
      : razorpayError('BAD_REQUEST_ERROR', `Injected ${status}`);

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startRazorpayStub({ keyId, keySecret }: { keyId: string; keySecret: string }): Promise<RazorpayStub> {
  const orders = new Map<string, ProviderOrder>();
  const payments = new Map<string, ProviderPayment>();
  const refunds = new Map<string, ProviderRefund>();
  const requests: RazorpayStubRequest[] = [];
  const faults: RazorpayStubFault[] = [];
  const idempotent = new Map<string, { body: string; refund: ProviderRefund }>();
  const timers = new Set<NodeJS.Timeout>();
  const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  function route(method: string, path: string, body: unknown, headers: IncomingMessage['headers']): [number, unknown] {
    const input = isObject(body) ? body : {};
    const notFound = (): [number, unknown] => [400, razorpayError('BAD_REQUEST_ERROR', 'The id provided does not exist', { field: 'id' })];

    if (method === 'POST' && path === '/v1/orders') {
      const { amount, currency, receipt, notes } = input;
      if (amount === undefined) return [400, validation('The amount field is required.', 'amount')];
      if (typeof amount !== 'number' || !Number.isInteger(amount)) return [400, validation('The amount must be an integer.', 'amount')];
      if (amount < 100) return [400, validation('The amount must be at least INR 1.00', 'amount')];
      if (currency === undefined || currency === '') return [400, validation('The currency field is required.', 'currency')];
      if (currency !== 'INR') return [400, validation('Currency is not supported', 'currency')];
      if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
        return [400, validation('The receipt may not be greater than 40 characters.', 'receipt')];
      const order: ProviderOrder = {
        id: newId('order_'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency,
        receipt: typeof receipt === 'string' ? receipt : null,
        status: 'created',
        attempts: 0,
        notes: isObject(notes) ? (notes as Record<string, string>) : {},
        created_at: now(),
      };
      orders.set(order.id, order);
      // Razorpay writes empty notes as [] (the client normalizes it).
      return [200, Object.keys(order.notes).length === 0 ? { ...order, notes: [] } : order];
    }

    const order = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) return orders.has(order[1] ?? '') ? [200, orders.get(order[1] ?? '')] : notFound();

    const payment = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && payment) return payments.has(payment[1] ?? '') ? [200, payments.get(payment[1] ?? '')] : notFound();

    const refundOf = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundOf) {
      const paid = payments.get(refundOf[1] ?? '');
      if (!paid) return notFound();
      const key = headers['x-refund-idempotency'];
      const fingerprint = JSON.stringify(input);
      if (typeof key === 'string') {
        const seen = idempotent.get(key);
        if (seen && seen.body !== fingerprint)
          return [400, razorpayError('BAD_REQUEST_ERROR', 'Different request with the same idempotency key has already been processed.')];
        if (seen) return [200, seen.refund];
      }
      if (!paid.captured || (paid.status !== 'captured' && paid.status !== 'refunded'))
        return [400, razorpayError('BAD_REQUEST_ERROR', 'The payment has not been captured', { field: 'id' })];
      const left = paid.amount - paid.amount_refunded;
      const amount = input.amount ?? left;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) return [400, validation('The amount must be an integer.', 'amount')];
      if (amount < 100) return [400, validation('The amount must be at least INR 1.00', 'amount')];
      if (amount > left) return [400, razorpayError('BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured', { field: 'amount' })];
      if (input.receipt !== undefined && (typeof input.receipt !== 'string' || input.receipt.length > 40))
        return [400, validation('The receipt may not be greater than 40 characters.', 'receipt')];
      const refund: ProviderRefund = {
        id: newId('rfnd_'),
        entity: 'refund',
        amount,
        currency: paid.currency,
        payment_id: paid.id,
        notes: isObject(input.notes) ? (input.notes as Record<string, string>) : {},
        receipt: typeof input.receipt === 'string' ? input.receipt : null,
        created_at: now(),
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: typeof input.speed === 'string' ? input.speed : 'normal',
      };
      refunds.set(refund.id, refund);
      paid.amount_refunded += amount;
      paid.refund_status = paid.amount_refunded === paid.amount ? 'full' : 'partial';
      if (paid.amount_refunded === paid.amount) paid.status = 'refunded';
      if (typeof key === 'string') idempotent.set(key, { body: fingerprint, refund });
      return [200, refund];
    }

    return [400, razorpayError('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.')];
  }

  const send = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void readJson(request).then((body) => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const header = request.headers.authorization ?? '';
      const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
      requests.push({ method, path, body, auth: decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : undefined, headers: request.headers });

      const answer = () => {
        if (header !== expected) return send(response, 401, razorpayError('BAD_REQUEST_ERROR', 'Authentication failed'));
        const [status, payload] = route(method, path, body, request.headers);
        send(response, status, payload);
      };
      const fault = faults.shift();
      if (!fault) return answer();
      if ('delayMs' in fault) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, fault.delayMs);
        timers.add(timer);
        return;
      }
      send(response, fault.status, fault.body ?? defaultFaultBody(fault.status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    orders,
    payments,
    refunds,
    requests,
    addCapturedPayment(fields) {
      const payment: ProviderPayment = {
        id: newId('pay_'),
        entity: 'payment',
        currency: 'INR',
        status: 'captured',
        order_id: null,
        method: 'card',
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        description: null,
        email: 'guest@example.com',
        contact: '+919876543210',
        fee: Math.round(fields.amount * 0.0236),
        tax: Math.round(fields.amount * 0.0036),
        error_code: null,
        error_description: null,
        error_source: null,
        error_step: null,
        error_reason: null,
        notes: {},
        created_at: now(),
        ...fields,
      };
      payments.set(payment.id, payment);
      const order = payment.order_id ? orders.get(payment.order_id) : undefined;
      if (order) Object.assign(order, { status: 'paid', amount_paid: payment.amount, amount_due: order.amount - payment.amount, attempts: order.attempts + 1 });
      return payment;
    },
    fail(next) {
      faults.push(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
