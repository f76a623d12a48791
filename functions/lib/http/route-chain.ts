import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { Principal } from '../auth.ts';
import type { HttpEvent } from './handler.ts';

/** What a route's middlewares learn about one request, for its run: who calls (auth-middleware.ts) and the parsed request (parse-middleware.ts). */
export type RouteState = { principal: Principal | undefined; params: unknown; query: unknown; body: unknown };

/** The Lambda context of one request, with that request's RouteState. */
export type RouteContext = Context & { route: RouteState };

/**
 * One step of a route's middy chain. The chain's response is the route's own output until the
 * envelope (envelope-middleware.ts) makes it the HTTP answer, so it is typed unknown here.
 */
export type RouteMiddleware = MiddlewareObj<HttpEvent, unknown, Error, RouteContext>;

/**
 * A context of the request's own, reading through to Lambda's: the state is never written on the
 * caller's object, which a test (or a local runner) may pass to several requests at once.
 */
export function scopeContext(context: Context): RouteContext {
  const route: RouteState = { principal: undefined, params: {}, query: {}, body: undefined };
  return Object.assign(Object.create(context) as Context, { route });
}
