import { log } from '../logger.ts';

/*
 * What a route's error mapper does with an error that is not an HttpError (functions/lib/http/error-middleware.ts
 * loads this module only then, so a cold start never loads it): log it with the request id and a
 * readable stack, and choose the answer, which reveals no internals.
 */

export const UNAVAILABLE_MESSAGE = 'We could not reach our booking system just now. Please try again in a moment.';
const FAILED_MESSAGE = 'Something went wrong on our side. Please try again.';

const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
]);
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
const BUSY_REASONS = new Set(['None', 'TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * A failure of the table or the network rather than of the request: the connection refused or cut,
 * a timeout, throttling, or a transaction that kept meeting others. The client may retry the same
 * request (bookings carry their idempotency key), so it is a 503 with Retry-After, not a 500.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, cause, errors, CancellationReasons } = error as Error & {
    code?: string;
    cause?: unknown;
    errors?: unknown[];
    CancellationReasons?: Array<{ Code?: string }>;
  };
  if (TRANSIENT_NAMES.has(error.name) || (code !== undefined && TRANSIENT_CODES.has(code))) return true;
  if (error.name === 'TransactionCanceledException') return (CancellationReasons ?? []).every((reason) => BUSY_REASONS.has(reason.Code ?? 'None'));
  if (Array.isArray(errors) && errors.length) return errors.every(isTransient);
  return cause !== undefined && isTransient(cause);
}

/** The error's stack with the bundle's frames (`bundleUrl`, its index.mjs) mapped to the TypeScript (functions/lib/readable-stack.ts). */
async function stackOf(error: Error, bundleUrl: string): Promise<string | undefined> {
  try {
    const { readableStack } = await import('../readable-stack.ts');
    return readableStack(error, bundleUrl);
  } catch {
    return error.stack;
  }
}

/** Logs an unexpected error and says how to answer it: 503 for a transient failure, else a generic 500. */
export async function unexpectedError(
  error: unknown,
  request: { requestId: string | undefined; routeKey: string | undefined },
  bundleUrl: string,
): Promise<{ statusCode: number; message: string; headers?: Record<string, string> }> {
  const transient = isTransient(error);
  log.error(transient ? 'The table or a service did not answer' : 'Unhandled error', {
    ...request,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: await stackOf(error, bundleUrl) } : String(error),
  });
  return transient ? { statusCode: 503, message: UNAVAILABLE_MESSAGE, headers: { 'retry-after': '2' } } : { statusCode: 500, message: FAILED_MESSAGE };
}
