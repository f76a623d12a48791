import type { Context } from 'aws-lambda';
import { asHttpError } from './errors.ts';
import type { HttpEvent, HttpResult } from './handler.ts';
import { jsonResponse } from './json-response.ts';
import type { RouteMiddleware } from './route-chain.ts';

/**
 * How a failed request is answered: typed HttpErrors reach the client with their status and
 * message; anything else is logged with the request id and answered with a generic 500 (503 when
 * the table or the network failed: unexpected-error.ts) that reveals no internals.
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

/** The chain's one error boundary: whatever a middleware, the route or the envelope threw becomes errorResponse's answer. */
export const errorMiddleware: RouteMiddleware = {
  onError: async (request) => {
    request.response = await errorResponse(request.error, request.event, request.context);
  },
};
