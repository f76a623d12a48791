import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes, type HttpRoute } from '../../functions/routes.ts';
import { handler as getOpenApi } from '../../functions/http/system/get-openapi.ts';
import { buildOpenApiDocument, type JsonObject } from '../../infra/openapi/build-document.ts';
import { currentOpenApiDocument, OPENAPI_FILE, renderOpenApiDocument } from '../../infra/openapi/openapi-file.ts';
import { contractProblems, readOpenApiDocument } from '../support/openapi-contract.ts';

type Operation = {
  operationId: string;
  tags: string[];
  security: unknown[];
  'x-auth': { level: string; roles?: string[] };
  parameters?: Array<{ name: string; in: string; required: boolean; schema: JsonObject }>;
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonObject } } };
  responses: Record<string, JsonObject>;
};

let generated: JsonObject;
beforeAll(async () => {
  // Loads every handler module, as the route-table test does.
  generated = await currentOpenApiDocument();
}, 60_000);

const operation = (document: JsonObject, route: Pick<HttpRoute, 'method' | 'path'>): Operation =>
  (document.paths as Record<string, Record<string, Operation>>)[route.path]?.[route.method.toLowerCase()] as Operation;
const routeNamed = (name: string): HttpRoute => {
  const route = httpRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(name);
  return route;
};

describe('the OpenAPI document (docs/openapi.json)', () => {
  it('is current: what the generator gives for the route table and schemas now', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8'), 'docs/openapi.json is out of date: run `npm run openapi` and commit it').toBe(
      await renderOpenApiDocument(generated),
    );
  });

  it('describes every route of the table once: method, path parameters, operationId, area and auth', () => {
    const operations = Object.values(generated.paths as Record<string, Record<string, Operation>>).flatMap((item) => Object.values(item));
    expect(operations.map((entry) => entry.operationId).sort()).toEqual(httpRoutes.map((route) => route.name).sort());
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const entry = operation(generated, route);
      expect(entry.operationId).toBe(route.name);
      const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(entry.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name) ?? [], route.name).toEqual(pathNames);
      expect(entry['x-auth'].level).toBe(route.auth);
      const bearer = [{ bearer: [] }];
      expect(entry.security, route.name).toEqual(route.auth === 'public' ? [] : route.auth === 'optional' ? [{}, ...bearer] : bearer);
      expect(entry.responses['403'], route.name).toBeDefined();
      expect(entry.responses['500'], route.name).toBeDefined();
      expect(entry.responses['401'] !== undefined, route.name).toBe(route.auth !== 'public');
    }
    expect(operation(generated, routeNamed('list-users')).tags).toEqual(['users']);
    expect(operation(generated, routeNamed('list-users'))['x-auth']).toEqual({ level: 'admin', roles: ['admin'] });
    expect(operation(generated, routeNamed('list-bookings'))['x-auth'].roles).toEqual(['staff', 'manager', 'admin']);
  });

  it('takes parameters and bodies from the route schemas (input side), and path parameters from the path even without a schema', () => {
    const booking = operation(generated, routeNamed('create-booking'));
    expect(booking.requestBody?.required).toBe(true);
    expect(booking.requestBody?.content['application/json'].schema).toMatchObject({ type: 'object', properties: { checkIn: { type: 'string' } } });
    // A defaulted field is optional to the caller.
    expect(booking.requestBody?.content['application/json'].schema.required).not.toContain('rooms');
    expect(Object.keys(booking.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '413', '415', '422', '429']));
    const list = operation(generated, routeNamed('list-bookings'));
    expect(list.parameters?.find((parameter) => parameter.name === 'status')).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(operation(generated, routeNamed('get-cottage')).parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(operation(generated, routeNamed('check-availability')).parameters?.[0]?.schema).toMatchObject({ type: 'string', maxLength: 64 });
    // No schemas and nothing in the path or body to check: no 400, and no body.
    expect(operation(generated, routeNamed('list-cottages')).responses['400']).toBeUndefined();
    expect(operation(generated, routeNamed('list-cottages')).requestBody).toBeUndefined();
  });

  it('describes a planned route (no handler yet) by its 501', () => {
    const planned = { name: 'list-blocks', method: 'GET', path: '/api/admin/blocks/{id}', auth: 'manager', access: 'read' } as const satisfies HttpRoute;
    const document = buildOpenApiDocument({ routes: [planned], schemas: new Map(), version: '0.0.0' });
    const entry = operation(document, planned);
    expect(Object.keys(entry.responses)).toEqual(['401', '403', '500', '501', '503']);
    expect(entry.tags).toEqual(['admin']);
    expect((document.components as { responses: JsonObject }).responses).toHaveProperty('NotImplemented');
  });

  it('is served by GET /api/openapi.json as it is (not in the envelope), JSON and cacheable', async () => {
    const event = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'events', 'get-openapi.json'), 'utf8')) as Parameters<typeof getOpenApi>[0];
    const answer = await getOpenApi(event, { awsRequestId: 'openapi-unit' } as Context);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers?.['content-type']).toMatch(/^application\/json/);
    expect(answer.headers?.['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(answer.body ?? '')).toEqual(readOpenApiDocument());
    expect(contractProblems(readOpenApiDocument(), routeNamed('get-openapi'), answer)).toEqual([]);
  });
});

describe('the contract check (test/support/openapi-contract.ts)', () => {
  const health = routeNamed('get-health');
  const cottage = routeNamed('get-cottage');
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const answer = (statusCode: number, body: unknown) => ({ statusCode, headers: json, body: JSON.stringify(body) });
  const goodHealth = { status: 'ok', stage: 'test', table: { reachable: true, latencyMs: 3 }, time: '2026-01-01T00:00:00.000Z' };

  it('accepts the answers the document describes', () => {
    const document = readOpenApiDocument();
    expect(contractProblems(document, health, answer(200, { success: true, data: goodHealth }))).toEqual([]);
    expect(contractProblems(document, cottage, answer(200, { success: true, data: { id: 'hornbill-1' } }))).toEqual([]);
    expect(contractProblems(document, cottage, answer(404, { success: false, error: 'Cottage not found' }))).toEqual([]);
    expect(contractProblems(document, cottage, answer(400, { success: false, error: 'Invalid cottage id', details: { id: ['Ids are lower-case'] } }))).toEqual(
      [],
    );
  });

  it('rejects a wrong envelope, a wrong data shape, an unlisted status and a body that is not JSON', () => {
    const document = readOpenApiDocument();
    expect(contractProblems(document, cottage, answer(200, { ok: true, cottage: {} }))).toEqual([expect.stringContaining('does not match the 200 response')]);
    expect(contractProblems(document, cottage, answer(200, { success: true, data: {}, extra: 1 }))).toHaveLength(1);
    expect(contractProblems(document, cottage, answer(404, { message: 'Not found' }))).toHaveLength(1);
    expect(contractProblems(document, health, answer(200, { success: true, data: { ...goodHealth, status: 'broken' } }))).toHaveLength(1);
    expect(contractProblems(document, health, answer(418, { success: false, error: 'teapot' }))).toEqual([expect.stringContaining('418 is not a status')]);
    expect(contractProblems(document, health, { statusCode: 200, headers: json, body: '<html>' })).toEqual(['the body is not JSON']);
    expect(contractProblems(document, { method: 'GET', path: '/api/nowhere' }, answer(200, {}))).toHaveLength(1);
  });
});
