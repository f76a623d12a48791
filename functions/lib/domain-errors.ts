/**
 * What the domain refuses, and why, in words safe to show whoever asked. Domain modules throw
 * these and know nothing of HTTP; the HTTP layer alone gives each kind its status
 * (functions/lib/http/errors.ts `asHttpError`).
 */
export class DomainError extends Error {
  /** Problems per input field, such as `{ checkIn: ['...'] }`. */
  readonly details?: Record<string, string[]>;
  /** What the caller needs to act on the refusal, such as a `code` or the fresh quote. */
  readonly extra?: Record<string, unknown>;

  constructor(message: string, options: { details?: Record<string, string[]> | undefined; extra?: Record<string, unknown> | undefined } = {}) {
    super(message);
    if (options.details) this.details = options.details;
    if (options.extra) this.extra = options.extra;
  }
}

/** The input breaks a rule. */
export class InvalidInputError extends DomainError {}

/** The credentials do not open an account. */
export class NotAuthenticatedError extends DomainError {}

/** The caller may not do this. */
export class NotAllowedError extends DomainError {}

export class NotFoundError extends DomainError {}

/** The thing is not in a state that allows this (any more). */
export class ConflictError extends DomainError {}

/** Once valid, no longer: an expired link. */
export class ExpiredError extends DomainError {}

/** A retry that does not match what it claims to repeat (an idempotency key of another request). */
export class MismatchError extends DomainError {}

/** Another service this needed failed or answered nonsense (a channel's calendar feed). */
export class UpstreamError extends DomainError {}

/** Too many attempts: try again after `retryAfterSeconds`, when known. */
export class LimitReachedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
