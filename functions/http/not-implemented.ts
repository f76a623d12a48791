import { notImplemented } from '../lib/http/errors.ts';
import type { SignedInRouteName } from '../lib/http/handler.ts';
import { httpRoute } from '../lib/http/signed-in-route.ts';

/**
 * Serves every route the table lists as planned: a clear 501 naming the route, never a fake answer.
 * It is bound to no route of its own (it authenticates as each route's level asks).
 */
export const handler = httpRoute('planned' as SignedInRouteName, {}, async ({ event }) => {
  throw notImplemented(event.routeKey);
});
