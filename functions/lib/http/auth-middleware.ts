import type { Authenticate } from './handler.ts';
import type { RouteMiddleware } from './route-chain.ts';

/**
 * Who calls, as the route table's level for this route requires: `authenticate` throws 401/403
 * whenever the level needs a principal it did not find (authenticate.ts). It is the route
 * builder's own, so a public route's chain carries no token code.
 */
export const authMiddleware = (authenticate: Authenticate): RouteMiddleware => ({
  before: async ({ event, context }) => {
    context.route.principal = await authenticate(event);
  },
});
