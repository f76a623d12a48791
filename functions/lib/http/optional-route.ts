import { authenticateWith, bearerToken } from './authenticate.ts';
import { routeBuilder, type OptionalRouteName } from './handler.ts';

const loadVerifier = () => import('./verify-token.ts');

/**
 * For routes where signing in is optional (a guest's booking, a booking's payments): most callers
 * send no token, so the token check (the JWT verifier, the key ring, the account check) is loaded
 * with the first request that carries one, not at every cold start; such a request starts it as it
 * arrives, as httpRoute does. It is the same check as httpRoute's.
 */
export const optionalRoute = routeBuilder<OptionalRouteName>(
  (event) => authenticateWith(event, async (token) => (await loadVerifier()).verifiedPrincipal(token)),
  (event) => {
    if (bearerToken(event))
      loadVerifier()
        .then((verifier) => verifier.prepareTokens())
        .catch(() => undefined);
  },
);
