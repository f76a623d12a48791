import type { RouteMiddleware } from './route-chain.ts';
import { parseWith, readJsonBody, type Schemas } from './request-parsing.ts';

/** Path, query and body through the route's schemas (a 400 with per-field details when they fail); a part without a schema stays empty. */
export const parseMiddleware = <P, Q, B>(schemas: Schemas<P, Q, B>): RouteMiddleware => ({
  before: ({ event, context: { route } }) => {
    if (schemas.params) route.params = parseWith(schemas.params, event.pathParameters ?? {}, 'path');
    if (schemas.query) route.query = parseWith(schemas.query, event.queryStringParameters ?? {}, 'query');
    if (schemas.body) route.body = parseWith(schemas.body, readJsonBody(event), 'request body');
  },
});
