import {
  PaymentProviderError,
  isRetryableStatus,
  type CreateOrderInput,
  type Notes,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
} from './provider.ts';

/**
 * Razorpay's REST API (https://api.razorpay.com/v1) for the four calls the site makes, on the global
 * fetch: HTTP Basic auth with key_id:key_secret, JSON both ways, amounts in paise. The official
 * `razorpay` package (2.9.8) wraps axios and every Razorpay product, many times this module's size
 * and cold import (see docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 *
 * - Every call has a deadline (AbortSignal.timeout, 8 s by default, covering the body too): a Lambda
 *   waiting on a hung connection is billed and holds the guest's request.
 * - Failures are PaymentProviderError: Razorpay's error body ({ error: { code, description, source,
 *   step, reason, metadata, field } }) is carried over field by field; no answer is TIMEOUT or
 *   NETWORK_ERROR, retryable.
 * - The key secret goes into the Authorization header and nowhere else. Nothing here logs; error
 *   messages are built from the method, path, status and Razorpay's text, with the secret (and the
 *   encoded credentials) masked should an answer ever echo them.
 * - Ids are checked before they go into a path (`pay_…`, `order_…`): an empty or `..` id would
 *   otherwise address another resource (GET /payments/ lists every payment).
 * - Razorpay sends empty notes as `[]`; they are normalized to `{}` to match the type.
 *
 * RAZORPAY_API_BASE overrides the base URL (tests and local runs point it at a stub); an explicit
 * baseUrl option wins over it.
 */

export const RAZORPAY_API_BASE = 'https://api.razorpay.com/v1';
export const DEFAULT_TIMEOUT_MS = 8000;

export type RazorpayApiOptions = {
  keyId: string;
  keySecret: string;
  /** Default: RAZORPAY_API_BASE from the environment, else https://api.razorpay.com/v1. */
  baseUrl?: string;
  /** Deadline of each call, answer body included. Default 8000. */
  timeoutMs?: number;
};

/** The provider, plus the order look-up the REST API has and the stateless test provider cannot offer. */
export type RazorpayApi = PaymentProvider & {
  mode: 'live';
  fetchOrder(orderId: string): Promise<ProviderOrder>;
};

const ID = { order: /^order_[A-Za-z0-9]{1,40}$/, pay: /^pay_[A-Za-z0-9]{1,40}$/ } as const;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

type ErrorBody = { code?: unknown; description?: unknown; field?: unknown; source?: unknown; step?: unknown; reason?: unknown; metadata?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' && value !== 'NA' ? value : undefined);

/** A request the client refuses to send (a malformed id or key): not retryable, no HTTP status. */
const refused = (description: string) =>
  new PaymentProviderError(`Razorpay request not sent: ${description}`, description, { code: 'BAD_REQUEST_ERROR', retryable: false });

function checkId(kind: keyof typeof ID, id: unknown): string {
  if (typeof id !== 'string' || !ID[kind].test(id))
    throw refused(`${typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : 'the id'} is not a Razorpay ${kind === 'pay' ? 'payment' : 'order'} id`);
  return id;
}

/** Razorpay writes empty notes as an empty JSON array. */
function normalizeNotes<T extends { notes: Notes }>(entity: T): T {
  return isObject(entity.notes) ? entity : { ...entity, notes: {} };
}

export function createRazorpayApi(options: RazorpayApiOptions): RazorpayApi {
  const { keyId, keySecret } = options;
  if (typeof keyId !== 'string' || keyId === '' || keyId.includes(':')) throw new Error('Razorpay key id is missing or malformed');
  if (typeof keySecret !== 'string' || keySecret === '') throw new Error('Razorpay key secret is missing');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('Razorpay timeoutMs must be a positive number');
  const base = (options.baseUrl ?? process.env.RAZORPAY_API_BASE ?? RAZORPAY_API_BASE).replace(/\/+$/, '');
  const credentials = Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64');
  const authorization = `Basic ${credentials}`;

  /** What goes into a message: anything Razorpay or the network said, with the credentials masked. */
  const mask = (value: string) => value.split(keySecret).join('[secret]').split(credentials).join('[credentials]');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>): Promise<Record<string, unknown>> {
    const what = `Razorpay ${method} ${path}`;
    let response: Response;
    let answer: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut) {
        const description = `No answer from Razorpay within ${timeoutMs} ms`;
        throw new PaymentProviderError(`${what}: ${description}`, description, { code: 'TIMEOUT', retryable: true });
      }
      // fetch says "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, a TLS error) is its cause.
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const detail = mask(String((reason as { code?: unknown }).code ?? (reason instanceof Error ? reason.message : reason)));
      const description = `Could not reach Razorpay (${detail})`;
      throw new PaymentProviderError(`${what}: ${description}`, description, { code: 'NETWORK_ERROR', retryable: true });
    }

    let parsed: unknown;
    try {
      parsed = answer === '' ? undefined : JSON.parse(answer);
    } catch {
      // Not JSON (a proxy's HTML page): reported by status below.
    }

    if (response.ok) {
      if (isObject(parsed)) return parsed;
      // A 2xx that is not a JSON object came from something in between, not from Razorpay.
      const description = `Razorpay answered ${response.status} without a JSON entity`;
      throw new PaymentProviderError(`${what}: ${description}`, description, { status: response.status, code: 'BAD_RESPONSE', retryable: true });
    }

    const error: ErrorBody = isObject(parsed) && isObject(parsed.error) ? parsed.error : {};
    const code = text(error.code);
    const description = mask(text(error.description) ?? `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    const field = text(error.field);
    const source = text(error.source);
    const step = text(error.step);
    const reason = text(error.reason);
    throw new PaymentProviderError(`${what} failed: ${response.status}${code ? ` ${code}` : ''}: ${description}`, description, {
      status: response.status,
      retryable: isRetryableStatus(response.status),
      ...(code ? { code } : {}),
      ...(field ? { field: mask(field) } : {}),
      ...(source ? { source } : {}),
      ...(step ? { step } : {}),
      ...(reason ? { reason } : {}),
      ...(isObject(error.metadata) ? { metadata: error.metadata } : {}),
    });
  }

  /**
   * The answer must be the entity asked for: a collection or another entity means a wrong path or
   * base URL; one without its amount in paise would be stored half made (an order with no amount).
   */
  function entity<T extends { notes: Notes }>(kind: string, what: string, value: Record<string, unknown>): T {
    if (value.entity !== kind || typeof value.id !== 'string' || !Number.isInteger(value.amount) || (value.amount as number) < 0) {
      const description = `Razorpay answered ${what} with something other than a(n) ${kind} entity`;
      throw new PaymentProviderError(description, description, { code: 'BAD_RESPONSE', retryable: false });
    }
    return normalizeNotes(value as unknown as T);
  }

  return {
    mode: 'live',

    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const body = { amount: input.amount, currency: input.currency, receipt: input.receipt, notes: input.notes };
      return entity<ProviderOrder>('order', 'POST /orders', await call('POST', '/orders', body));
    },

    async fetchOrder(orderId: string): Promise<ProviderOrder> {
      const path = `/orders/${checkId('order', orderId)}`;
      return entity<ProviderOrder>('order', `GET ${path}`, await call('GET', path));
    },

    async refund(paymentId: string, input: RefundInput): Promise<ProviderRefund> {
      const path = `/payments/${checkId('pay', paymentId)}/refund`;
      const { idempotencyKey } = input;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
        throw refused('the refund idempotency key must be 10 or more letters, digits, hyphens or underscores');
      const body = {
        amount: input.amount,
        speed: 'normal',
        ...(input.notes ? { notes: input.notes } : {}),
        ...(input.receipt !== undefined ? { receipt: input.receipt } : {}),
      };
      const headers = idempotencyKey === undefined ? undefined : { 'x-refund-idempotency': idempotencyKey };
      return entity<ProviderRefund>('refund', `POST ${path}`, await call('POST', path, body, headers));
    },

    async fetchPayment(paymentId: string): Promise<ProviderPayment> {
      const path = `/payments/${checkId('pay', paymentId)}`;
      return entity<ProviderPayment>('payment', `GET ${path}`, await call('GET', path));
    },
  };
}
