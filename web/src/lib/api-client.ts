import { z } from 'zod/mini';
import { isNetworkFailure, reportNetworkFailure, reportNetworkSuccess } from './connectivity';
import { signOut, tokenFor, type SessionKind } from './session';

/** An API failure with the message to show (the server's `error`: docs/product.md#api-conventions), its status and field details. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: Record<string, string[]>,
    /** The rest of the server's answer (e.g. a fresh `quote` with a 409). */
    readonly extra: Record<string, unknown> = {},
    /** With a 429: how long the server asks to wait (its Retry-After header), in seconds. */
    readonly retryAfterSeconds?: number,
    /** False when the server gave no message of its own (the message is then 'HTTP {status}: ...'). */
    readonly saidWhy = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Whose bearer token to send; a 401 then signs that audience out. */
  auth?: SessionKind;
  /** For creations that must happen once however often they are retried (the server replays the first answer). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** An answer already under way for this request (a GET the page started early: lib/early-answers.ts); the network if it failed. */
  early?: Promise<Response>;
};

let baseUrl = '/api';

/** The API is same-origin `/api` behind CloudFront and locally; a stage may say otherwise in /config.json. */
export function configureApi(apiUrl: string): void {
  baseUrl = apiUrl.replace(/\/$/, '');
}

/**
 * The one API client: JSON in and out, the bearer token and the Idempotency-Key added here and
 * nowhere else, the `{success, data}` envelope unwrapped and checked against the expected schema.
 * Errors carry the server's own message, else its `message`, else 'HTTP {status}: {statusText}'.
 * A 401 on a signed-in call ends that session: the token ran out or the account changed. A request
 * that gets no answer at all tells the page the resort is out of reach (the offline notice).
 */
export async function apiRequest<T>(path: string, schema: z.core.$ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = options.auth ? tokenFor(options.auth) : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    const ask = () =>
      fetch(`${baseUrl}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    response = options.early ? await options.early.catch(ask) : await ask();
  } catch (error) {
    if (isNetworkFailure(error)) reportNetworkFailure();
    throw error;
  }
  reportNetworkSuccess();
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const envelope = (payload ?? {}) as { success?: boolean; data?: unknown; error?: string; message?: string; details?: Record<string, string[]> } & Record<
    string,
    unknown
  >;
  if (!response.ok || envelope.success === false) {
    if (response.status === 401 && options.auth && token) signOut(options.auth);
    const { success: _success, data: _data, error, message, details, ...extra } = envelope;
    const retryAfter = Number(response.headers.get('retry-after') ?? '');
    throw new ApiError(
      error ?? message ?? `HTTP ${response.status}: ${response.statusText}`,
      response.status,
      details,
      extra,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      Boolean(error ?? message),
    );
  }
  return z.parse(schema, envelope.data);
}
