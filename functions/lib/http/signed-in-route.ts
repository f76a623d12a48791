import { prepareTokens } from '../auth.ts';
import { authenticateWith, bearerToken } from './authenticate.ts';
import { routeBuilder, type SignedInRouteName } from './handler.ts';
import { verifiedPrincipal } from './verify-token.ts';

/**
 * For routes that must be signed in (user, staff, manager, admin): the bearer token is verified here.
 * A request that carries one starts the signing keys' read (and jose's load) as it arrives.
 */
export const httpRoute = routeBuilder<SignedInRouteName>(
  (event) => authenticateWith(event, verifiedPrincipal),
  (event) => {
    if (bearerToken(event)) prepareTokens();
  },
);
