import { jsonResponse } from './json-response.ts';
import type { RouteMiddleware } from './route-chain.ts';

type CustomOutput = { statusCode: number; data: unknown; headers?: Record<string, string> };

const isCustomOutput = (value: unknown): value is CustomOutput => typeof value === 'object' && value !== null && 'statusCode' in value && 'data' in value;

/** The route's output in the success envelope: 200, or the status and headers the route chose (RouteOutput). */
export const envelopeMiddleware: RouteMiddleware = {
  after: (request) => {
    const output = request.response;
    request.response = isCustomOutput(output)
      ? jsonResponse(output.statusCode, { success: true, data: output.data }, output.headers)
      : jsonResponse(200, { success: true, data: output });
  },
};
