import { forbidden } from './errors.ts';
import type { HttpEvent } from './handler.ts';
import type { RouteMiddleware } from './route-chain.ts';

async function checkOrigin(event: HttpEvent): Promise<void> {
  if (!(await (await import('./origin-verify.ts')).originVerified(event))) throw forbidden();
}

/**
 * First in every chain: only requests that came through CloudFront, before anything else is read.
 * The check and its secret load on first use (origin-verify.ts); without ORIGIN_VERIFY_SECRET_ARN
 * (npm start, tests) it does nothing, not even an await.
 */
export const originMiddleware: RouteMiddleware = {
  before: ({ event }) => (process.env.ORIGIN_VERIFY_SECRET_ARN ? checkOrigin(event) : undefined),
};
