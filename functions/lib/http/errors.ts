import {
  ConflictError,
  DomainError,
  ExpiredError,
  InvalidInputError,
  LimitReachedError,
  MismatchError,
  NotAllowedError,
  NotAuthenticatedError,
  NotFoundError,
  UpstreamError,
} from '../domain-errors.ts';

/** An error whose message is safe to show the client, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string[]>,
    /** Extra top-level fields of the failure envelope, such as the fresh quote of a 409. */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: Record<string, string[]>) => new HttpError(400, message, details);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, string[]>, extra?: Record<string, unknown>) => new HttpError(409, message, details, extra);
export const unprocessable = (message: string) => new HttpError(422, message);
export const payloadTooLarge = (limitBytes: number) => new HttpError(413, `Request body is too large (limit ${limitBytes} bytes)`);
export const unsupportedMediaType = () => new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, undefined, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined);
export const notImplemented = (routeKey: string) => new HttpError(501, `${routeKey} is not implemented yet. It is listed in the route table as planned.`);
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/** The status of each kind of domain refusal (functions/lib/domain-errors.ts). */
const domainStatuses: ReadonlyArray<readonly [abstract new (...args: never[]) => DomainError, number]> = [
  [InvalidInputError, 400],
  [NotAuthenticatedError, 401],
  [NotAllowedError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [ExpiredError, 410],
  [MismatchError, 422],
  [LimitReachedError, 429],
  [UpstreamError, 502],
];

/**
 * The HttpError a thrown value stands for, if it is one the client may see: an HttpError as it is,
 * a domain refusal with its kind's status, its details and extra fields, and for a limit its
 * Retry-After. Anything else is an unexpected failure.
 */
export function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const status = domainStatuses.find(([kind]) => error instanceof kind)?.[1];
  if (status === undefined) return undefined;
  if (error instanceof LimitReachedError) return tooManyRequests(error.message, error.retryAfterSeconds);
  return new HttpError(status, error.message, error.details, error.extra);
}
