import { setLogContext } from '../log-context.ts';
import type { Authenticate } from './handler.ts';
import type { RouteMiddleware } from './route-chain.ts';

/**
 * Who calls, as the route table's level for this route requires: `authenticate` throws 401/403
 * whenever the level needs a principal it did not find (authenticate.ts). It is the route
 * builder's own, so a public route's chain carries no token code. Every later log line of the
 * request then names the caller's role (never the caller).
 */
export const authMiddleware = (authenticate: Authenticate, route: string): RouteMiddleware => ({
  before: async ({ event, context }) => {
    const principal = await authenticate(event);
    context.route.principal = principal;
    setLogContext({ requestId: context.awsRequestId, route, role: principal?.role });
  },
});
