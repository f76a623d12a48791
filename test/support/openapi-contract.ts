/**
 * Checks an answer against the OpenAPI document (docs/openapi.json): its status is one the route's
 * operation lists, and its body passes that response's schema (classic zod's fromJSONSchema, the
 * document's component schemas as `$defs`).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { OPENAPI_FILE } from '../../infra/openapi/openapi-file.ts';

type JsonObject = Record<string, unknown>;
export type Answer = { statusCode?: number; headers?: Record<string, unknown>; body?: string };

export const readOpenApiDocument = (): JsonObject => JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as JsonObject;

const asObject = (value: unknown): JsonObject => (typeof value === 'object' && value !== null ? (value as JsonObject) : {});

/** A `#/components/...` reference's target (one level: the document's responses point at schemas, never at responses). */
function resolved(document: JsonObject, value: unknown): JsonObject {
  const ref = asObject(value).$ref;
  if (typeof ref !== 'string') return asObject(value);
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => asObject(node)[key], document);
  if (target === undefined) throw new Error(`The document has no ${ref}`);
  return asObject(target);
}

/**
 * What is wrong with `answer` as `method path`'s answer, by the document: nothing (an empty list),
 * or each problem in words.
 */
export function contractProblems(document: JsonObject, route: { method: string; path: string }, answer: Answer): string[] {
  const operation = asObject(asObject(asObject(document.paths)[route.path])[route.method.toLowerCase()]);
  const responses = asObject(operation.responses);
  if (!Object.keys(responses).length) return [`the document has no operation ${route.method} ${route.path}`];
  const status = String(answer.statusCode);
  if (!(status in responses)) return [`${status} is not a status the document lists for ${route.method} ${route.path} (${Object.keys(responses).join(', ')})`];
  const response = resolved(document, responses[status]);
  const contentType = asObject(answer.headers)['content-type'];
  // A text answer of another media type (a calendar feed): its content type is the contract.
  const textType = Object.keys(asObject(response.content)).find((type) => type !== 'application/json');
  if (textType) return typeof contentType === 'string' && contentType.startsWith(textType) ? [] : [`content-type is ${String(contentType)}, not ${textType}`];
  const schema = asObject(asObject(asObject(response.content)['application/json']).schema);
  const problems: string[] = [];
  if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) problems.push(`content-type is ${String(contentType)}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body ?? '');
  } catch {
    return [...problems, 'the body is not JSON'];
  }
  // fromJSONSchema resolves only `#/$defs/...`: the component schemas go there.
  const root = JSON.parse(
    JSON.stringify({ ...schema, $defs: asObject(document.components).schemas }).replaceAll('"#/components/schemas/', '"#/$defs/'),
  ) as JsonObject;
  const parsed = z.fromJSONSchema(root as Parameters<typeof z.fromJSONSchema>[0]).safeParse(body);
  if (!parsed.success) problems.push(`the body does not match the ${status} response: ${z.prettifyError(parsed.error)}`);
  return problems;
}
