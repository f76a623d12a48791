import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { addDaysIso } from '../../shared/stay.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModule, httpRoutes, isImplemented, routeKey } from '../../functions/routes.ts';
import { DEFAULT_ADMIN } from '../../infra/local/environment.ts';
import { loadHandler } from '../../infra/local/handlers.ts';
import { loadSampleEvent } from '../../infra/local/sample-events.ts';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { startTestStack, type TestStack } from '../support/local-stack.ts';
import { contractProblems, readOpenApiDocument } from '../support/openapi-contract.ts';

const eventsDir = join(import.meta.dirname, '..', '..', 'events');
/** Run in the order a guest would: book first, look at it, cancel last (by reference, then signed in). */
const order = (name: string) => ({ 'create-booking': 0, 'cancel-booking-by-reference': 2, 'cancel-booking': 3 })[name] ?? 1;
const implemented = httpRoutes.filter(isImplemented).sort((a, b) => order(a.name) - order(b.name));
/** The API's description as served (test/unit/openapi.test.ts keeps it current): every answer here must be one it describes. */
const document = readOpenApiDocument();

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await ensureAdmin({ ...DEFAULT_ADMIN });
});
afterAll(() => stack.close());

describe('sample events (events/<route>.json)', () => {
  it('exist for every implemented route, and only for routes in the table', () => {
    const files = readdirSync(eventsDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual(implemented.map((route) => route.name).sort());
  });

  it('keep no fixed dates or tokens that would go stale', () => {
    for (const file of readdirSync(eventsDir)) {
      const text = readFileSync(join(eventsDir, file), 'utf8');
      expect(text, file).not.toMatch(/"20\d\d-\d\d-\d\d"|Bearer ey/);
    }
  });

  it.each(implemented.map((route) => [route.name, route] as const))('%s: is a payload 2.0 event of its route and answers 2xx', async (name, route) => {
    const event = (await loadSampleEvent(join(eventsDir, `${name}.json`))) as {
      version: string;
      routeKey: string;
      requestContext: { http: { method: string } };
    };
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe(routeKey(route));
    expect(event.requestContext.http.method).toBe(route.method);

    const handler = await loadHandler(handlerModule(route));
    if (name === 'cancel-booking-by-reference') {
      // Each cancellation needs an open booking of its own: book the sample stay again a week later
      // (the events name the guest's latest open booking).
      const create = httpRoutes.find((candidate) => candidate.name === 'create-booking');
      if (!create) throw new Error('create-booking');
      const second = (await loadSampleEvent(join(eventsDir, 'create-booking.json'))) as { body: string };
      // Every date of the stay (check-in, check-out, the safaris') a week later.
      second.body = second.body.replace(/\d{4}-\d{2}-\d{2}/g, (date) => addDaysIso(date, 7));
      const booked = (await (
        await loadHandler(handlerModule(create))
      )(second, { awsRequestId: 'contract-second-booking' } as Context)) as {
        statusCode: number;
        body: string;
      };
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const event2 = name === 'cancel-booking-by-reference' ? await loadSampleEvent(join(eventsDir, `${name}.json`)) : event;
    const result = (await handler(event2, { awsRequestId: `contract-${name}` } as Context)) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(result.statusCode, result.body).toBeGreaterThanOrEqual(200);
    expect(result.statusCode).toBeLessThan(300);
    // The contract: a status the route's operation lists, a body its schema accepts (the envelope, or get-openapi's document).
    expect(contractProblems(document, route, result)).toEqual([]);
  });
});
