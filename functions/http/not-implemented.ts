import { notImplemented } from '../lib/http/errors.ts';
import { httpRoute } from '../lib/http/signed-in-route.ts';

/** Serves every route the table lists as planned: a clear 501 naming the route, never a fake answer. */
export const handler = httpRoute({}, async ({ event }) => {
  throw notImplemented(event.routeKey);
});
