import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AuthLevel, httpRoutes } from '../../routes.ts';
import { routeAuthLevels } from './route-auth.ts';
import type { Principal } from '../auth.ts';
import { forbidden } from './errors.ts';
import type { Schemas } from './request-parsing.ts';
import { authMiddleware } from './auth-middleware.ts';
import { envelopeMiddleware } from './envelope-middleware.ts';
import { errorMiddleware } from './error-middleware.ts';
import { originMiddleware } from './origin-middleware.ts';
import { parseMiddleware } from './parse-middleware.ts';
import { scopeContext, type RouteContext } from './route-chain.ts';
import { setLogContext } from '../log-context.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export { MAX_BODY_BYTES } from './request-parsing.ts';

type TableRoute = (typeof httpRoutes)[number];
export type RouteName = TableRoute['name'];
/** The route table's auth level of a route, by name. */
export type AuthLevelOf<N extends RouteName> = Extract<TableRoute, { name: N }>['auth'];
export type PublicRouteName = Extract<TableRoute, { auth: 'public' }>['name'];
export type OptionalRouteName = Extract<TableRoute, { auth: 'optional' }>['name'];
/** Routes that must be signed in; optional ones are built with optionalRoute (functions/lib/http/optional-route.ts). */
export type SignedInRouteName = Exclude<RouteName, PublicRouteName | OptionalRouteName>;
/** Who calls a route of this level: nobody known (public), maybe someone (optional), always someone (the rest). */
export type PrincipalFor<L extends AuthLevel> = L extends 'public' ? undefined : L extends 'optional' ? Principal | undefined : Principal;

export type RouteInput<P, Q, B, W extends Principal | undefined = Principal | undefined> = {
  params: P;
  query: Q;
  body: B;
  event: HttpEvent;
  context: Context;
  principal: W;
};

/** Each route's auth level, from the route table; a route not in the table counts as admin-only. */
export const authLevelOf = (event: HttpEvent): AuthLevel =>
  (Object.hasOwn(routeAuthLevels, event.routeKey) ? routeAuthLevels[event.routeKey] : undefined) ?? 'admin';

/** Who is calling, as the route's level requires (or a thrown 401/403). */
export type Authenticate = (event: HttpEvent) => Promise<Principal | undefined>;
/** Starts, without waiting, what `Authenticate` will need for this request (the signing keys' read), so that it runs beside the origin check. */
export type PrepareAuthentication = (event: HttpEvent) => void;

export type RouteOutput<T> = T | { statusCode: number; data: T; headers?: Record<string, string> };

/** A built route: its table entry's name, and the schemas it validates with (the OpenAPI document is generated from them). */
export type BoundHandler = ((event: HttpEvent, context: Context) => Promise<HttpResult>) & {
  routeName: RouteName;
  schemas: Schemas<unknown, unknown, unknown>;
};

/**
 * Makes a route builder around one way of authenticating. A handler is bound to its route-table
 * entry by name, so its principal is typed from the table's auth level (never optional on a
 * signed-in route), and the contract tests check that each module serves the route that names it.
 *
 * A built handler is a middy chain, always in this order:
 * 1. origin-middleware.ts: requests that did not come through CloudFront are refused (403);
 * 2. auth-middleware.ts: the caller, as the table's level requires (401/403), and its role in the log context;
 * 3. parse-middleware.ts: path, query and body through the route's schemas (400, 413, 415);
 * 4. the route's `run`: the domain call;
 * 5. envelope-middleware.ts: its output in the success envelope;
 * and error-middleware.ts answers for anything any step threw. Each request gets a context of its
 * own (middy's requestStart hook), on which steps 2 and 3 leave what `run` receives. That hook
 * also calls `prepare`, so step 2's key read (a network round trip on a cold AWS container) runs
 * beside step 1's, not after it.
 */
export const routeBuilder = <Names extends RouteName>(authenticate: Authenticate, prepare?: PrepareAuthentication) =>
  function httpRoute<N extends Names, T, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
    name: N,
    schemas: Schemas<P, Q, B>,
    run: (input: RouteInput<P, Q, B, PrincipalFor<AuthLevelOf<N>>>) => Promise<RouteOutput<T>>,
  ): BoundHandler {
    const chain = middy<HttpEvent, unknown, Error, RouteContext>({
      requestStart: (request) => {
        request.context = scopeContext(request.context);
        setLogContext({ requestId: request.context.awsRequestId, route: name });
        prepare?.(request.event as HttpEvent);
      },
      // Lambda's own timeout stands, as before: no timer per request racing the route.
      timeoutEarlyInMillis: 0,
    })
      .use(originMiddleware)
      .use(authMiddleware(authenticate, name))
      .use(parseMiddleware(schemas))
      .use(envelopeMiddleware)
      .use(errorMiddleware)
      .handler((event, context) => {
        // Filled by the steps above from this route's own schemas and auth level (authenticate fails closed).
        const { principal, params, query, body } = context.route;
        return run({ params: params as P, query: query as Q, body: body as B, event, context, principal: principal as PrincipalFor<AuthLevelOf<N>> });
      });
    // Called with Lambda's context (requestStart scopes it), and every path ends in the envelope or the error mapper: an HTTP answer.
    const handler = chain as unknown as (event: HttpEvent, context: Context) => Promise<HttpResult>;
    return Object.assign(handler, { routeName: name, schemas });
  };

/**
 * For routes the table marks public: no token is read, so token code (the JWT check, the signing secret's request)
 * never enters their bundles. Fails closed: deployed behind any other route, it refuses to run.
 */
export const publicRoute = /* @__PURE__ */ routeBuilder<PublicRouteName>(publicOnly);

/** A public route's authentication: nobody; behind any other route, a refusal. */
export async function publicOnly(event: HttpEvent): Promise<undefined> {
  if (authLevelOf(event) !== 'public') throw forbidden();
  return undefined;
}
