/**
 * docs/openapi.json: the document as `npm run openapi` writes it and the served route bundles it
 * (functions/http/system/get-openapi.ts). The schemas come from the built handlers themselves, so
 * the document describes what each route validates, not a copy of it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { handlerModule, httpRoutes, isImplemented, type HttpRoute } from '../../functions/routes.ts';
import type { BoundHandler } from '../../functions/lib/http/handler.ts';
import { buildOpenApiDocument, type JsonObject, type RouteSchemas } from './build-document.ts';
import { dataSchemas, routeErrorStatuses, successStatuses } from './route-answers.ts';

const root = resolve(import.meta.dirname, '..', '..');
export const OPENAPI_FILE = join(root, 'docs', 'openapi.json');

/** What the served route answers instead of the envelope: an OpenAPI 3.1 document. */
const openApiDocumentSchema: JsonObject = {
  type: 'object',
  properties: { openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' }, info: { type: 'object' }, paths: { type: 'object' } },
  required: ['openapi', 'info', 'paths'],
};

/**
 * Each implemented route's schemas, from the handler module the table names. Importing a handler
 * reads the function environment (functions/lib/config.ts): set it first, placeholders will do.
 */
export async function loadRouteSchemas(routes: readonly HttpRoute[] = httpRoutes): Promise<Map<string, RouteSchemas>> {
  const schemas = new Map<string, RouteSchemas>();
  for (const route of routes.filter(isImplemented)) {
    const file = pathToFileURL(join(root, 'functions', `${handlerModule(route)}.ts`)).href;
    const { handler } = (await import(file)) as { handler?: Partial<BoundHandler> };
    if (handler?.routeName !== route.name || !handler.schemas) throw new Error(`functions/${handlerModule(route)}.ts does not serve ${route.name}`);
    schemas.set(route.name, handler.schemas);
  }
  return schemas;
}

/** The document for the route table as it is now. */
export async function currentOpenApiDocument(): Promise<JsonObject> {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return buildOpenApiDocument({
    routes: httpRoutes,
    schemas: await loadRouteSchemas(),
    version,
    successStatuses,
    routeErrorStatuses,
    dataSchemas,
    rawSuccess: { 'get-openapi': openApiDocumentSchema },
    textSuccess: { 'get-ical-feed': { mediaType: 'text/calendar', description: "The unit's taken nights as an iCalendar feed (RFC 5545)." } },
  });
}

/** The file's text: formatted as `prettier --check` expects, so the repository's own check accepts it. */
export async function renderOpenApiDocument(document: JsonObject): Promise<string> {
  const options = (await resolveConfig(OPENAPI_FILE)) ?? {};
  return format(JSON.stringify(document, null, 2), { ...options, filepath: OPENAPI_FILE });
}
