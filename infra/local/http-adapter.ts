import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handlerModule, routeKey } from '../../functions/routes.ts';
import { lambdaContext, loadHandler } from './handlers.ts';
import type { RouteMatch } from './route-matcher.ts';

/** API Gateway's own payload limit; the handlers enforce their much smaller one themselves. */
const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(application\/([\w.+-]*\+)?json|text\/|application\/x-www-form-urlencoded)/i;

export class BodyTooLargeError extends Error {}

/** The request's body, up to `limit` bytes: past it (or when its Content-Length says so before a byte is read), BodyTooLargeError. */
export async function readBody(request: IncomingMessage, limit = GATEWAY_MAX_BODY_BYTES): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    // Refused before a byte is kept; the rest is read and dropped, so the answer reaches the client.
    request.resume();
    throw new BodyTooLargeError();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Builds the payload-format-2.0 event API Gateway's HTTP API would send for this request. */
export function toHttpApiEvent(request: IncomingMessage, url: URL, match: RouteMatch, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const key = routeKey(match.route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

/** Runs the route's handler and writes its result the way API Gateway would. */
export async function invokeHttpRoute(event: APIGatewayProxyEventV2, match: RouteMatch): Promise<APIGatewayProxyStructuredResultV2> {
  const handler = await loadHandler(handlerModule(match.route));
  const result = (await handler(event, lambdaContext(match.route.name))) as APIGatewayProxyStructuredResultV2 | string | undefined;
  // Payload 2.0 lets a handler return a bare value: API Gateway then answers 200 with it as JSON.
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
  }
  return result;
}

export function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) response.setHeader(name, String(value));
  if (result.cookies?.length) response.setHeader('set-cookie', result.cookies);
  response.statusCode = result.statusCode ?? 200;
  const body = result.body ?? '';
  response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
