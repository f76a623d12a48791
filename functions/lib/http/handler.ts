import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ApiFailure, ApiSuccess } from '../../../shared/api.ts';
import type { AuthLevel, httpRoutes } from '../../routes.ts';
import { routeAuthLevels } from './route-auth.ts';
import type { Principal } from '../auth.ts';
import { asHttpError, forbidden } from './errors.ts';
import { parseWith, readJsonBody, type Schemas } from './request-parsing.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export { MAX_BODY_BYTES } from './request-parsing.ts';

/** Every API answer: JSON that is never sniffed as something else, and never stored by a browser or a proxy (most carry personal data). */
export const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function jsonResponse<T>(
  statusCode: number,
  body: ApiSuccess<T> | (ApiFailure & Record<string, unknown>),
  headers: Record<string, string> = {},
): HttpResult {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
}

/**
 * How a failed request is answered: typed HttpErrors reach the client with their status and
 * message; anything else is logged with the request id and answered with a generic 500 (503 when
 * the table or the network failed: functions/lib/http/unexpected-error.ts) that reveals no internals. (One error boundary is all the middleware these handlers need: a plain
 * try/catch, not a middleware engine in every bundle.)
 */
export async function errorResponse(error: unknown, event: HttpEvent | undefined, context: Context | undefined): Promise<HttpResult> {
  const known = asHttpError(error);
  if (known) {
    return jsonResponse(
      known.statusCode,
      { ...known.extra, success: false, error: known.message, ...(known.details ? { details: known.details } : {}) },
      known.headers,
    );
  }
  // Loaded only when something failed: a cold start never loads the logging, the stack mapper or the classifier.
  const { unexpectedError } = await import('./unexpected-error.ts');
  // This module's URL is the bundle's (index.mjs), whose frames the source map describes.
  const answer = await unexpectedError(error, { requestId: context?.awsRequestId, routeKey: event?.routeKey }, import.meta.url);
  return jsonResponse(answer.statusCode, { success: false, error: answer.message }, answer.headers);
}

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

export type RouteOutput<T> = T | { statusCode: number; data: T; headers?: Record<string, string> };

const isCustomOutput = <T>(value: RouteOutput<T>): value is { statusCode: number; data: T; headers?: Record<string, string> } =>
  typeof value === 'object' && value !== null && 'statusCode' in value && 'data' in value;

export type BoundHandler = ((event: HttpEvent, context: Context) => Promise<HttpResult>) & { routeName: RouteName };

/**
 * Makes a route builder around one way of authenticating. A handler is bound to its route-table
 * entry by name, so its principal is typed from the table's auth level (never optional on a
 * signed-in route), and the contract tests check that each module serves the route that names it.
 * A built handler validates path, query and body with the route's valibot schemas, runs the domain
 * call and wraps its result in the success envelope: handlers stay parse -> call -> respond.
 */
export const routeBuilder = <Names extends RouteName>(authenticate: Authenticate) =>
  function httpRoute<N extends Names, T, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
    name: N,
    schemas: Schemas<P, Q, B>,
    run: (input: RouteInput<P, Q, B, PrincipalFor<AuthLevelOf<N>>>) => Promise<RouteOutput<T>>,
  ): BoundHandler {
    const handler = async (event: HttpEvent, context: Context): Promise<HttpResult> => {
      try {
        // Only requests that came through CloudFront, before anything else is read: the check and its secret load on first use (functions/lib/http/origin-verify.ts).
        if (process.env.ORIGIN_VERIFY_SECRET_ARN && !(await (await import('./origin-verify.ts')).originVerified(event))) throw forbidden();
        // authenticate refuses (401/403) whenever the table's level needs a principal it did not find.
        const principal = (await authenticate(event)) as PrincipalFor<AuthLevelOf<N>>;
        const params = schemas.params ? parseWith(schemas.params, event.pathParameters ?? {}, 'path') : ({} as P);
        const query = schemas.query ? parseWith(schemas.query, event.queryStringParameters ?? {}, 'query') : ({} as Q);
        const body = schemas.body ? parseWith(schemas.body, readJsonBody(event), 'request body') : (undefined as B);
        const output = await run({ params, query, body, event, context, principal });
        if (isCustomOutput(output)) {
          return jsonResponse(output.statusCode, { success: true, data: output.data }, output.headers);
        }
        return jsonResponse(200, { success: true, data: output });
      } catch (error) {
        return await errorResponse(error, event, context);
      }
    };
    return Object.assign(handler, { routeName: name });
  };

/**
 * For routes the table marks public: no token is read, so token code (the JWT check, the signing secret's request)
 * never enters their bundles. Fails closed: deployed behind any other route, it refuses to run.
 */
export const publicRoute = /* @__PURE__ */ routeBuilder<PublicRouteName>(async (event) => {
  if (authLevelOf(event) !== 'public') throw forbidden();
  return undefined;
});
