import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  ExpiredError,
  InvalidInputError,
  LimitReachedError,
  MismatchError,
  NotAllowedError,
  NotAuthenticatedError,
  NotFoundError,
} from '../../functions/lib/domain-errors.ts';
import {
  asHttpError,
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from '../../functions/lib/http/errors.ts';

/** What the client sees of an HttpError: its status, message, details, extra fields and headers. */
const answer = (error: HttpError | undefined) =>
  error && { status: error.statusCode, message: error.message, details: error.details, extra: error.extra, headers: error.headers };

describe('domain errors reach the client as the HTTP errors they replace', () => {
  it('each kind maps to its status, with its details, extra fields and Retry-After', () => {
    const details = { checkIn: ['Pick a later date'] };
    const quote = { total: 4_200 };
    const pairs: Array<[Error, HttpError]> = [
      [new InvalidInputError('Invalid booking', { details }), badRequest('Invalid booking', details)],
      [new InvalidInputError('Bad link', { extra: { code: 'activation_invalid' } }), new HttpError(400, 'Bad link', undefined, { code: 'activation_invalid' })],
      [new NotAuthenticatedError('Invalid email or password'), unauthorized('Invalid email or password')],
      [new NotAllowedError('Not for you'), forbidden('Not for you')],
      [new NotFoundError('Booking not found'), notFound('Booking not found')],
      [
        new ConflictError('The price has changed', { details, extra: { code: 'price_changed', quote } }),
        conflict('The price has changed', details, { code: 'price_changed', quote }),
      ],
      [new ExpiredError('Expired', { extra: { code: 'activation_expired' } }), new HttpError(410, 'Expired', undefined, { code: 'activation_expired' })],
      [new MismatchError('Key reused'), unprocessable('Key reused')],
      [new LimitReachedError('Too many', 42), tooManyRequests('Too many', 42)],
      [new LimitReachedError('Too many'), new HttpError(429, 'Too many')],
    ];
    for (const [domain, http] of pairs) expect(answer(asHttpError(domain)), domain.message).toEqual(answer(http));
  });

  it('passes HttpErrors through and leaves anything else to the unexpected-error path', () => {
    const http = conflict('x');
    expect(asHttpError(http)).toBe(http);
    expect(asHttpError(new Error('boom'))).toBeUndefined();
    expect(asHttpError('text')).toBeUndefined();
  });
});
