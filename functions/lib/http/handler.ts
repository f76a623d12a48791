import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { ApiFailure, ApiSuccess } from '../../../shared/api.ts';
import type { AuthLevel } from '../../routes.ts';
import { routeAuthLevels } from './route-auth.ts';
import type { Principal } from '../auth.ts';
import { readableStack } from '../readable-stack.ts';
import { badRequest, forbidden, HttpError, payloadTooLarge, unsupportedMediaType } from './errors.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** Bodies above this are refused before parsing (API Gateway itself stops at 10 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function jsonResponse<T>(
  statusCode: number,
  body: ApiSuccess<T> | (ApiFailure & Record<string, unknown>),
  headers: Record<string, string> = {},
): HttpResult {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
}

/** zod issues become `details`: field path -> messages, so forms can show each next to its field. */
export function validationDetails(error: z.core.$ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (details[field] ??= []).push(issue.message);
  }
  return details;
}

function parseWith<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = validationDetails(result.error);
  const first = result.error.issues[0]?.message;
  throw badRequest(first && result.error.issues.length === 1 ? first : `Invalid ${what}`, details);
}

function readJsonBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? 'application/json';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(contentType)) throw unsupportedMediaType();
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
}

/**
 * The last middleware: typed HttpErrors reach the client with their status and message; anything
 * else is logged with the request id and answered with a generic 500 that reveals no internals.
 */
export function httpErrors(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    onError: async (request) => {
      const { error } = request;
      if (error instanceof HttpError) {
        request.response = jsonResponse(
          error.statusCode,
          { ...error.extra, success: false, error: error.message, ...(error.details ? { details: error.details } : {}) },
          error.headers,
        );
        return;
      }
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'Unhandled error',
          requestId: request.context?.awsRequestId,
          routeKey: request.event?.routeKey,
          error: error instanceof Error ? { name: error.name, message: error.message, stack: readableStack(error) } : String(error),
        }),
      );
      request.response = jsonResponse(500, { success: false, error: 'Something went wrong on our side. Please try again.' });
    },
  };
}

type Schemas<P, Q, B> = { params?: z.ZodMiniType<P>; query?: z.ZodMiniType<Q>; body?: z.ZodMiniType<B> };
export type RouteInput<P, Q, B> = { params: P; query: Q; body: B; event: HttpEvent; context: Context; principal?: Principal };

/** Each route's auth level, from the route table; a route not in the table counts as admin-only. */
export const authLevelOf = (event: HttpEvent): AuthLevel =>
  (Object.hasOwn(routeAuthLevels, event.routeKey) ? routeAuthLevels[event.routeKey] : undefined) ?? 'admin';

/** Who is calling, as the route's level requires (or a thrown 401/403). */
export type Authenticate = (event: HttpEvent) => Promise<Principal | undefined>;

export type RouteOutput<T> = T | { statusCode: number; data: T; headers?: Record<string, string> };

const isCustomOutput = <T>(value: RouteOutput<T>): value is { statusCode: number; data: T; headers?: Record<string, string> } =>
  typeof value === 'object' && value !== null && 'statusCode' in value && 'data' in value;

/**
 * Makes a route builder around one way of authenticating. A built handler validates path, query
 * and body with the route's zod schemas, runs the domain call and wraps its result in the success
 * envelope: handlers stay parse -> call -> respond.
 */
export const routeBuilder = (authenticate: Authenticate) =>
  function httpRoute<T, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
    schemas: Schemas<P, Q, B>,
    run: (input: RouteInput<P, Q, B>) => Promise<RouteOutput<T>>,
  ) {
    return middy<HttpEvent, HttpResult>()
      .use(httpErrors())
      .handler(async (event, context) => {
        const principal = await authenticate(event);
        const params = schemas.params ? parseWith(schemas.params, event.pathParameters ?? {}, 'path') : ({} as P);
        const query = schemas.query ? parseWith(schemas.query, event.queryStringParameters ?? {}, 'query') : ({} as Q);
        const body = schemas.body ? parseWith(schemas.body, readJsonBody(event), 'request body') : (undefined as B);
        const output = await run({ params, query, body, event, context, ...(principal ? { principal } : {}) });
        if (isCustomOutput(output)) {
          return jsonResponse(output.statusCode, { success: true, data: output.data }, output.headers);
        }
        return jsonResponse(200, { success: true, data: output });
      });
  };

/**
 * For routes the table marks public: no token is read, so token code (jose, the secret's client)
 * never enters their bundles. Fails closed: deployed behind any other route, it refuses to run.
 */
export const publicRoute = routeBuilder(async (event) => {
  if (authLevelOf(event) !== 'public') throw forbidden();
  return undefined;
});
