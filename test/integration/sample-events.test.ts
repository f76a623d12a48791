import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModule, httpRoutes, isImplemented, routeKey } from '../../functions/routes.ts';
import { loadHandler } from '../../infra/local/handlers.ts';
import { startTestStack, type TestStack } from '../support/local-stack.ts';

const eventsDir = join(import.meta.dirname, '..', '..', 'events');
const implemented = httpRoutes.filter(isImplemented);

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

describe('sample events (events/<route>.json)', () => {
  it('exist for every implemented route, and only for routes in the table', () => {
    const files = readdirSync(eventsDir).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual(implemented.map((route) => route.name).sort());
  });

  it.each(implemented.map((route) => [route.name, route] as const))('%s: is a payload 2.0 event of its route and answers 2xx', async (name, route) => {
    const file = join(eventsDir, `${name}.json`);
    expect(existsSync(file)).toBe(true);
    const event = JSON.parse(readFileSync(file, 'utf8')) as { version: string; routeKey: string; requestContext: { http: { method: string } } };
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe(routeKey(route));
    expect(event.requestContext.http.method).toBe(route.method);

    const handler = await loadHandler(handlerModule(route));
    const result = (await handler(event, { awsRequestId: `contract-${name}` } as Context)) as { statusCode: number; body: string };
    expect(result.statusCode, result.body).toBeGreaterThanOrEqual(200);
    expect(result.statusCode).toBeLessThan(300);
    expect(JSON.parse(result.body)).toMatchObject({ success: true });
  });
});
