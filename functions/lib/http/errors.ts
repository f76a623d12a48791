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

/** The HttpError a thrown value stands for, if it is one the client may see; anything else is an unexpected failure. */
export const asHttpError = (error: unknown): HttpError | undefined => (error instanceof HttpError ? error : undefined);
