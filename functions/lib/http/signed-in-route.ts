import { authenticateWith } from './authenticate.ts';
import { routeBuilder, type SignedInRouteName } from './handler.ts';
import { verifiedPrincipal } from './verify-token.ts';

/** For routes that must be signed in (user, staff, manager, admin): the bearer token is verified here. */
export const httpRoute = routeBuilder<SignedInRouteName>((event) => authenticateWith(event, verifiedPrincipal));
