import * as z from 'zod/mini';
// The messages of checks that carry none (every route's schemas import it too; this keeps it so for any schema).
import '../../../shared/validation.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';
import type { HttpEvent } from './handler.ts';

/** Bodies above this are refused before parsing (API Gateway itself stops at 10 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** A route's schemas for its path parameters, query string and JSON body. */
export type Schemas<P, Q, B> = { params?: z.core.$ZodType<P>; query?: z.core.$ZodType<Q>; body?: z.core.$ZodType<B> };

/**
 * The field an issue is about: its path joined with '.', '_' for the value itself. A key that a
 * strict object does not allow counts against that object (zod reports it there, as `unrecognized_keys`).
 */
const fieldOf = (issue: z.core.$ZodIssue): string => (issue.path.length ? issue.path.map(String).join('.') : '_');

/** Validation issues (all of them) become `details`: field path -> messages, so forms can show each next to its field. */
export function validationDetails(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    // Own keys only: a field named like an Object.prototype member ('constructor') starts its own list.
    if (Object.hasOwn(details, field)) details[field]?.push(issue.message);
    else details[field] = [issue.message];
  }
  return details;
}

/** `schema`'s output for `value`, or a 400: one issue is the error's message, several are 'Invalid <what>' with each in `details`. */
export function parseWith<T>(schema: z.core.$ZodType<T>, value: unknown, what: string): T {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw badRequest(issues.length === 1 && issues[0] ? issues[0].message : `Invalid ${what}`, validationDetails(issues));
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
