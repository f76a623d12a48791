import { authenticateWith } from './authenticate.ts';
import { routeBuilder, type OptionalRouteName } from './handler.ts';

/**
 * For routes where signing in is optional (a guest's booking, a booking's payments): most callers
 * send no token, so the token check (the JWT verifier, the key ring, the account check) is loaded
 * with the first request that carries one, not at every cold start. It is the same check as
 * httpRoute's.
 */
export const optionalRoute = routeBuilder<OptionalRouteName>((event) =>
  authenticateWith(event, async (token) => (await import('./verify-token.ts')).verifiedPrincipal(token)),
);
