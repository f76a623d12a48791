import * as v from 'valibot';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';
import type { HttpEvent } from './handler.ts';

/** Bodies above this are refused before parsing (API Gateway itself stops at 10 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** A route's schemas for its path parameters, query string and JSON body. */
export type Schemas<P, Q, B> = { params?: v.GenericSchema<unknown, P>; query?: v.GenericSchema<unknown, Q>; body?: v.GenericSchema<unknown, B> };

/**
 * The field an issue is about: its path joined with '.', '_' for the value itself. A key that a
 * strict object does not allow counts against that object, not against the key.
 */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const keys = (issue.expected === 'never' && path.at(-1)?.origin === 'key' ? path.slice(0, -1) : path).map((item) => String(item.key));
  return keys.length ? keys.join('.') : '_';
}

/** Validation issues (all of them) become `details`: field path -> messages, so forms can show each next to its field. */
export function validationDetails(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of issues) (details[fieldOf(issue)] ??= []).push(issue.message);
  return details;
}

export function parseWith<T>(schema: v.GenericSchema<unknown, T>, value: unknown, what: string): T {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const { issues } = result;
  throw badRequest(issues.length === 1 ? issues[0].message : `Invalid ${what}`, validationDetails(issues));
}

export function readJsonBody(event: HttpEvent): unknown {
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
