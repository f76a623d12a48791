import type { ApiFailure, ApiSuccess } from '../../../shared/api.ts';
import type { HttpResult } from './handler.ts';

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
