import type * as z from 'zod/mini';

/** An API failure with the message to show (the server's `error`, spec section 8) and field details. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = { method?: string; body?: unknown; token?: string; signal?: AbortSignal };

let baseUrl = '/api';

export function configureApi(apiUrl: string): void {
  baseUrl = apiUrl.replace(/\/$/, '');
}

/**
 * The one API client: JSON in and out, bearer token when given, the `{success, data}` envelope
 * unwrapped and checked against the expected schema. Errors carry the server's own message,
 * else its `message`, else 'HTTP {status}: {statusText}'.
 */
export async function apiRequest<T>(path: string, schema: z.ZodMiniType<T>, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const envelope = (payload ?? {}) as { success?: boolean; data?: unknown; error?: string; message?: string; details?: Record<string, string[]> };
  if (!response.ok || envelope.success === false) {
    throw new ApiError(envelope.error ?? envelope.message ?? `HTTP ${response.status}: ${response.statusText}`, response.status, envelope.details);
  }
  return schema.parse(envelope.data);
}
