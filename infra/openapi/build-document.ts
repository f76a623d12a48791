/**
 * The API's OpenAPI 3.1 document, built from the route table and each route's zod schemas (the
 * ones its built handler validates with, functions/lib/http/handler.ts `BoundHandler.schemas`).
 * Runs at build and test time only: the served route bundles the JSON this writes
 * (infra/openapi/openapi-file.ts, `npm run openapi`).
 */
import * as z from 'zod/mini';
import { isImplemented, type AuthLevel, type HttpRoute } from '../../functions/routes.ts';
import type { Schemas } from '../../functions/lib/http/request-parsing.ts';
import { roleGroups } from '../../shared/users.ts';
import { isListOrText } from '../../shared/admin-catalogue.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type RouteSchemas = Schemas<unknown, unknown, unknown>;

export type DocumentInput = {
  routes: readonly HttpRoute[];
  /** The schemas of each implemented route's handler, by route name. */
  schemas: ReadonlyMap<string, RouteSchemas>;
  version: string;
  /** Success statuses other than [200], by route name. */
  successStatuses?: Partial<Record<string, readonly number[]>>;
  /** Failures a route raises beyond the generic ones, by route name. */
  routeErrorStatuses?: Partial<Record<string, readonly number[]>>;
  /** The schema of `data` in the success envelope, by route name (its output side: what the route sends). */
  dataSchemas?: Partial<Record<string, z.core.$ZodType>>;
  /** Routes that answer success with a body of their own, not the envelope: its JSON Schema, by route name. */
  rawSuccess?: Partial<Record<string, JsonObject>>;
  /** Routes that answer success with text of another media type (a calendar feed), by route name. */
  textSuccess?: Partial<Record<string, { mediaType: string; description: string }>>;
};

const FAILURE_REF = '#/components/schemas/Failure';
const SUCCESS_REF = '#/components/responses/Success';

/** Every failure's body: the error envelope (shared/api.ts ApiFailure); a few add fields of their own, such as a 409's fresh quote. */
const failureSchema: JsonObject = {
  type: 'object',
  properties: {
    success: { const: false },
    error: { type: 'string' },
    details: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['success', 'error'],
};

/** The failures every route may answer, each a reusable response in `components.responses`. */
const failures: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The path, query or body is not valid; `details` lists the messages per field.' },
  401: { name: 'Unauthorized', description: 'No valid sign-in: the bearer token is missing, expired or no longer matches its account.' },
  403: {
    name: 'Forbidden',
    description: 'Refused: the request did not come through the site’s CloudFront, or the caller’s role may not do this.',
  },
  404: { name: 'NotFound', description: 'What the request names does not exist (or is not the caller’s to see).' },
  409: { name: 'Conflict', description: 'The change conflicts with the current state; `code` (where present) names the case.' },
  410: { name: 'Gone', description: 'The link has expired.' },
  413: { name: 'PayloadTooLarge', description: 'The body is over 64 KB.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not JSON (Content-Type: application/json).' },
  422: { name: 'Unprocessable', description: 'The request cannot be processed as sent (such as an Idempotency-Key reused for another request).' },
  429: { name: 'TooManyRequests', description: 'Too many attempts from this client or account; `Retry-After` says when to try again.' },
  500: { name: 'InternalError', description: 'An unexpected failure; the message reveals nothing, the logs have the request id.' },
  501: { name: 'NotImplemented', description: 'The route is planned in the route table and not built yet.' },
  502: { name: 'BadGateway', description: 'The payment provider did not answer.' },
  503: { name: 'ServiceUnavailable', description: 'The database (or the network to it) is not reachable right now; try again shortly.' },
};

const authDescriptions: Record<AuthLevel, string> = {
  public: 'Public: no sign-in.',
  optional: 'Sign-in optional: a valid bearer token makes the caller known; an invalid one is refused.',
  user: 'Signed in: any account with a valid bearer token.',
  staff: `Signed in with a portal role in the staff group (${roleGroups.staff.join(', ')}).`,
  manager: `Signed in with a portal role in the manager group (${roleGroups.manager.join(', ')}).`,
  admin: `Signed in with a portal role in the admin group (${roleGroups.admin.join(', ')}).`,
};

/**
 * The custom checks that stand for a type JSON Schema can say (a custom check carries less code
 * into the functions than the union it replaces): what they take, by their check function.
 */
const customTypes = new Map<unknown, JsonObject>([[isListOrText, { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }]]);
const describeCustom = ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }) => {
  const known = zodSchema._zod.def.type === 'custom' ? customTypes.get(zodSchema._zod.def.fn) : undefined;
  if (known) Object.assign(jsonSchema, known);
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): transforms and refinements drop out, what JSON Schema cannot say becomes `{}`. */
export function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): JsonObject {
  const converted = JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', override: describeCustom })),
  ) as JsonObject;
  // The document states its dialect once; a nested `$defs` would resolve against the document's root, not this schema.
  const { $schema: _, ...rest } = converted;
  if ('$defs' in rest) throw new Error('A route schema registers an id or is recursive: its $defs cannot sit inside the document');
  return rest;
}

const propertiesOf = (schema: JsonObject): Record<string, JsonObject> => (schema.properties ?? {}) as Record<string, JsonObject>;
const requiredOf = (schema: JsonObject): string[] => (Array.isArray(schema.required) ? (schema.required as string[]) : []);

/** `/api/cottages/{id}` -> ['id']: API Gateway's names, which the handler receives as `pathParameters`. */
const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1] ?? '');

function parametersOf(route: HttpRoute, schemas: RouteSchemas | undefined): JsonObject[] {
  const params = schemas?.params ? propertiesOf(jsonSchemaOf(schemas.params, 'input')) : {};
  const parameters: JsonObject[] = pathParameterNames(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: params[name] ?? { type: 'string' },
  }));
  if (schemas?.query) {
    const query = jsonSchemaOf(schemas.query, 'input');
    const required = requiredOf(query);
    const properties = Object.entries(propertiesOf(query));
    // A query schema that is not a plain object (a union, say) is described whole, as one form-style object.
    if (properties.length === 0) parameters.push({ name: 'query', in: 'query', style: 'form', explode: true, schema: query });
    for (const [name, schema] of properties) parameters.push({ name, in: 'query', required: required.includes(name), schema });
  }
  return parameters;
}

function requestBodyOf(schemas: RouteSchemas | undefined): JsonObject | undefined {
  if (!schemas?.body) return undefined;
  // The body is required unless the schema itself accepts none (the handler reads a missing body as undefined).
  const required = !z.safeParse(schemas.body, undefined).success;
  return { required, content: { 'application/json': { schema: jsonSchemaOf(schemas.body, 'input') } } };
}

/** Which failures a route can answer: kept to what its shape implies, plus what route-answers.ts names. */
function failureStatuses(route: HttpRoute, schemas: RouteSchemas | undefined, extra: readonly number[]): number[] {
  const statuses = new Set<number>([403, 500, 503, ...extra]);
  if (!isImplemented(route)) statuses.add(501);
  else {
    const writes = route.method !== 'GET' && route.access === 'write';
    // A few routes check a path parameter or a raw body by hand, without a schema (the catalogue's ids, the webhook).
    if (schemas?.params || schemas?.query || schemas?.body || route.path.includes('{') || route.method !== 'GET') statuses.add(400);
    if (route.path.includes('{') || writes) statuses.add(404);
    if (writes) statuses.add(409);
    if (schemas?.body) statuses.add(413).add(415);
    if (route.class === 'sign-in' || route.class === 'booking' || route.updates?.includes('lookup-limits')) statuses.add(429);
  }
  if (route.auth !== 'public') statuses.add(401);
  return [...statuses].sort((a, b) => a - b);
}

const successEnvelope = (data: JsonObject): JsonObject => ({
  type: 'object',
  properties: { success: { const: true }, data },
  required: ['success', 'data'],
  additionalProperties: false,
});

function operationOf(route: HttpRoute, input: DocumentInput): JsonObject {
  const implemented = isImplemented(route);
  const schemas = input.schemas.get(route.name);
  if (implemented && !schemas) throw new Error(`No schemas for ${route.name}: its handler was not loaded`);
  const responses: JsonObject = {};
  if (implemented) {
    const raw = input.rawSuccess?.[route.name];
    const text = input.textSuccess?.[route.name];
    const data = input.dataSchemas?.[route.name];
    // Most routes do not describe `data` yet: they share one response, so the document stays small enough to bundle.
    const success: JsonObject = text
      ? { description: text.description, content: { [text.mediaType]: { schema: { type: 'string' } } } }
      : raw
        ? { description: 'The answer itself (not in the envelope).', content: { 'application/json': { schema: raw } } }
        : data
          ? { description: 'The success envelope.', content: { 'application/json': { schema: successEnvelope(jsonSchemaOf(data, 'output')) } } }
          : { $ref: SUCCESS_REF };
    for (const status of input.successStatuses?.[route.name] ?? [200]) responses[String(status)] = success;
  }
  for (const status of failureStatuses(route, schemas, input.routeErrorStatuses?.[route.name] ?? [])) {
    const failure = failures[status];
    if (!failure) throw new Error(`No description of status ${status} (${route.name})`);
    responses[String(status)] = { $ref: `#/components/responses/${failure.name}` };
  }
  const parameters = parametersOf(route, schemas);
  const requestBody = requestBodyOf(schemas);
  return {
    operationId: route.name,
    summary: route.name.charAt(0).toUpperCase() + route.name.slice(1).replaceAll('-', ' '),
    description: implemented ? authDescriptions[route.auth] : `${authDescriptions[route.auth]} Planned: answers 501 until it is built.`,
    tags: [tagOf(route)],
    // An empty requirement alongside the bearer one makes the token optional; `[]` opens the route to anyone.
    security: route.auth === 'public' ? [] : route.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }],
    'x-auth': { level: route.auth, ...(route.auth in roleGroups ? { roles: [...roleGroups[route.auth as keyof typeof roleGroups]] } : {}) },
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The area a route belongs to: its handler's folder (`http/admin/users/...` -> users), or for a planned route its path's first segment. */
export function tagOf(route: HttpRoute): string {
  const folders = route.handler?.split('/').slice(1, -1) ?? [];
  return folders.at(-1) ?? route.path.split('/')[2] ?? 'api';
}

export function buildOpenApiDocument(input: DocumentInput): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of input.routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operationOf(route, input);
  }
  const usedFailures = new Set(
    Object.values(paths).flatMap((item) => Object.values(item).flatMap((operation) => Object.keys((operation as JsonObject).responses as JsonObject))),
  );
  const responses = Object.fromEntries(
    Object.entries(failures)
      .filter(([status]) => usedFailures.has(status))
      .map(([, failure]) => [failure.name, { description: failure.description, content: { 'application/json': { schema: { $ref: FAILURE_REF } } } }]),
  );
  return {
    openapi: '3.1.1',
    info: {
      title: 'Forest resort booking API',
      version: input.version,
      description:
        'Every answer is JSON. Success is `{ "success": true, "data": ... }` and failure `{ "success": false, "error": "...", "details"?: { field: [messages] } }`. Generated from functions/routes.ts and the routes’ zod schemas by `npm run openapi`.',
    },
    tags: [...new Set(input.routes.map(tagOf))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token a sign-in answers (HS256, 8 hours).' },
      },
      schemas: { Failure: failureSchema },
      responses: {
        Success: { description: 'The success envelope; `data` is not described yet.', content: { 'application/json': { schema: successEnvelope({}) } } },
        ...responses,
      },
    },
  };
}
