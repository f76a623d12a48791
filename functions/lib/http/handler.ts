import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type { ApiFailure, ApiSuccess } from '../../../shared/api.ts';
import { portalRoles } from '../../../shared/users.ts';
import { httpRoutes, routeKey, type AuthLevel } from '../../routes.ts';
import { verifyAccessToken, type Principal } from '../auth.ts';
import { badRequest, forbidden, HttpError, payloadTooLarge, unauthorized, unsupportedMediaType } from './errors.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** Bodies above this are refused before parsing (API Gateway itself stops at 10 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function jsonResponse<T>(statusCode: number, body: ApiSuccess<T> | (ApiFailure & Record<string, unknown>), headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
}

/** zod issues become `details`: field path -> messages, so forms can show each next to its field. */
export function validationDetails(error: z.ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (details[field] ??= []).push(issue.message);
  }
  return details;
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
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
          error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
        }),
      );
      request.response = jsonResponse(500, { success: false, error: 'Something went wrong on our side. Please try again.' });
    },
  };
}

type Schemas<P, Q, B> = { params?: z.ZodType<P>; query?: z.ZodType<Q>; body?: z.ZodType<B> };
export type RouteInput<P, Q, B> = { params: P; query: Q; body: B; event: HttpEvent; context: Context; principal?: Principal };

const authLevels = new Map<string, AuthLevel>(httpRoutes.map((route) => [routeKey(route), route.auth]));

function bearerToken(event: HttpEvent): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The route table decides who may call: public and optional routes let anyone in (optional ones
 * recognise a signed-in user), user routes need a valid token (401), admin routes an admin or
 * manager (403). An event whose route is not in the table is treated as admin-only: fail closed.
 */
async function authenticate(event: HttpEvent): Promise<Principal | undefined> {
  const level = authLevels.get(event.routeKey) ?? 'admin';
  if (level === 'public') return undefined;
  const token = bearerToken(event);
  const principal = token ? await verifyAccessToken(token) : undefined;
  // A token that fails is a sign-in that ran out: say so, even where signing in is optional, rather
  // than quietly acting as a guest (a booking made so could not be found under the account).
  if (token && !principal) throw unauthorized('Your session has expired. Please sign in again.');
  if (level === 'optional') return principal;
  if (!principal) throw unauthorized('Please sign in to continue');
  if (level === 'admin' && !portalRoles.includes(principal.role)) throw forbidden();
  return principal;
}
export type RouteOutput<T> = T | { statusCode: number; data: T; headers?: Record<string, string> };

const isCustomOutput = <T>(value: RouteOutput<T>): value is { statusCode: number; data: T; headers?: Record<string, string> } =>
  typeof value === 'object' && value !== null && 'statusCode' in value && 'data' in value;

/**
 * Builds an HTTP route handler: validate path, query and body with the route's zod schemas, run
 * the domain call, wrap its result in the success envelope. Handlers stay parse -> call -> respond.
 */
export function httpRoute<T, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
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
}
