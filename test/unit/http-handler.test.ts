import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ACCOUNT_CACHE_MS, forgetAccount } from '../../functions/lib/account-state.ts';
import { signAccessToken } from '../../functions/lib/auth.ts';
import { conflict } from '../../functions/lib/http/errors.ts';
import { MAX_BODY_BYTES, publicRoute } from '../../functions/lib/http/handler.ts';
import { UNAVAILABLE_MESSAGE } from '../../functions/lib/http/unexpected-error.ts';
import { optionalRoute } from '../../functions/lib/http/optional-route.ts';
import { httpRoute } from '../../functions/lib/http/signed-in-route.ts';
import { wholeNumber } from '../../shared/validation.ts';

const context = { awsRequestId: 'req-1' } as Context;

const event = (overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'POST /api/safaris/validate-selection',
    rawPath: '/api/test/x',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { http: { method: 'POST' } },
    isBase64Encoded: false,
    ...overrides,
  }) as APIGatewayProxyEventV2;

const echo = httpRoute(
  'list-payments',
  {
    params: z.object({ id: z.string().check(z.minLength(3, 'Id is too short')) }),
    query: z.object({ page: z.optional(z.pipe(z.pipe(z.unknown(), z.transform(Number)), wholeNumber())) }),
    body: z.object({ guests: wholeNumber().check(z.gte(1, 'At least 1 guest')) }),
  },
  async ({ params, query, body }) => ({ id: params.id, page: query.page, guests: body.guests }),
);

const parse = (result: unknown) => {
  const { statusCode, body } = result as { statusCode: number; body: string };
  return { statusCode, body: JSON.parse(body) as Record<string, unknown> };
};

afterEach(() => vi.restoreAllMocks());

describe('httpRoute', () => {
  it('validates path, query and body and wraps the result in the success envelope', async () => {
    const result = parse(await echo(event({ pathParameters: { id: 'abc' }, queryStringParameters: { page: '2' }, body: '{"guests":3}' }), context));
    expect(result).toEqual({ statusCode: 200, body: { success: true, data: { id: 'abc', page: 2, guests: 3 } } });
  });

  it('answers 400 with per-field details when validation fails', async () => {
    const result = parse(await echo(event({ pathParameters: { id: 'ab' }, body: '{"guests":0}' }), context));
    expect(result.statusCode).toBe(400);
    expect(result.body).toMatchObject({ success: false, details: { id: ['Id is too short'] } });
    const bodyResult = parse(await echo(event({ pathParameters: { id: 'abc' }, body: '{"guests":0}' }), context));
    expect(bodyResult.body).toEqual({ success: false, error: 'At least 1 guest', details: { guests: ['At least 1 guest'] } });
  });

  it('reports every issue, and names the part of the request when there is more than one', async () => {
    const strict = httpRoute(
      'update-profile',
      { body: z.strictObject({ name: z.optional(z.string().check(z.maxLength(3, 'Name is too long'))) }, 'Only name can be changed here') },
      async ({ body }) => body,
    );
    const several = parse(await strict(event({ body: '{"name":"abcd","role":"admin","id":1}' }), context));
    expect(several).toEqual({
      statusCode: 400,
      body: { success: false, error: 'Invalid request body', details: { name: ['Name is too long'], _: ['Only name can be changed here'] } },
    });
    // A key the object does not allow counts against the object ('_'), not against the key.
    const unknownKey = parse(await strict(event({ body: '{"role":"admin"}' }), context));
    expect(unknownKey.body).toEqual({ success: false, error: 'Only name can be changed here', details: { _: ['Only name can be changed here'] } });
  });

  it('answers 400 for malformed JSON', async () => {
    const result = parse(await echo(event({ pathParameters: { id: 'abc' }, body: '{"guests":' }), context));
    expect(result).toEqual({ statusCode: 400, body: { success: false, error: 'Request body is not valid JSON' } });
  });

  it('answers 413 for a body over the limit, before parsing it', async () => {
    const huge = JSON.stringify({ guests: 1, padding: 'x'.repeat(MAX_BODY_BYTES) });
    const result = parse(await echo(event({ pathParameters: { id: 'abc' }, body: huge }), context));
    expect(result.statusCode).toBe(413);
    expect(result.body.error).toBe(`Request body is too large (limit ${MAX_BODY_BYTES} bytes)`);
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const result = parse(
      await echo(event({ pathParameters: { id: 'abc' }, body: 'guests=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), context),
    );
    expect(result.statusCode).toBe(415);
  });

  it('reads base64-encoded bodies', async () => {
    const body = Buffer.from('{"guests":2}').toString('base64');
    const result = parse(await echo(event({ pathParameters: { id: 'abc' }, body, isBase64Encoded: true }), context));
    expect(result.body).toMatchObject({ data: { guests: 2 } });
  });

  it('passes typed errors through with their status, message and details', async () => {
    const route = httpRoute('get-payment-stats', {}, async () => {
      throw conflict('Villa just sold out', { checkIn: ['Taken'] });
    });
    expect(parse(await route(event(), context))).toEqual({
      statusCode: 409,
      body: { success: false, error: 'Villa just sold out', details: { checkIn: ['Taken'] } },
    });
  });

  it('turns any other error into a generic 500 that reveals no internals, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const route = httpRoute('get-payment-stats', {}, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:8000 secret-table-name');
    });
    const result = parse(await route(event(), context));
    expect(result).toEqual({ statusCode: 500, body: { success: false, error: 'Something went wrong on our side. Please try again.' } });
    expect(JSON.stringify(result)).not.toContain('ECONNREFUSED');
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toContain('req-1');
  });

  it('answers 503 with Retry-After when the table or the network failed, not the request: refused, reset, timed out, throttled, busy', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failures = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' }),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'fetch failed'),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      Object.assign(new Error('Connection timed out'), { name: 'TimeoutError' }),
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }),
      Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
      }),
      new Error('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
    ];
    for (const failure of failures) {
      const route = httpRoute('get-payment-stats', {}, async () => {
        throw failure;
      });
      const result = await route(event(), context);
      expect({ status: result.statusCode, retryAfter: result.headers?.['retry-after'] }, failure.message).toEqual({ status: 503, retryAfter: '2' });
      expect(JSON.parse(String(result.body))).toEqual({ success: false, error: UNAVAILABLE_MESSAGE });
    }
    // A cancellation by a bad item (not by other transactions) is a fault of ours: 500.
    const invalid = httpRoute('get-payment-stats', {}, async () => {
      throw Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ValidationError' }] });
    });
    expect((await invalid(event(), context)).statusCode).toBe(500);
    expect(log).toHaveBeenCalledTimes(failures.length + 1);
  });

  it('lets a route choose its status code', async () => {
    const route = httpRoute('get-payment-stats', {}, async () => ({ statusCode: 201, data: { id: 'new' }, headers: { location: '/api/x/new' } }));
    const result = (await route(event(), context)) as { statusCode: number; headers: Record<string, string> };
    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toBe('/api/x/new');
  });
});

describe('auth from the route table', () => {
  // The accounts behind the tokens, as the user items would answer (status, role, token version).
  const documentMock = mockClient(DynamoDBDocumentClient);
  const accounts = new Map<string, { role: string; status: string; token_version?: number }>();
  const reset = () => {
    accounts.clear();
    for (const role of ['customer', 'staff', 'manager', 'admin']) {
      accounts.set(`${role}-1`, { role, status: 'active' });
      forgetAccount(`${role}-1`);
    }
  };
  beforeEach(() => {
    reset();
    documentMock.reset();
    documentMock.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({ Item: accounts.get(input.Key.pk.replace(/^USER#/, '')) }));
  });
  afterEach(() => documentMock.reset());

  const whoAmI = httpRoute('get-profile', {}, async ({ principal }) => ({ userId: principal.userId }));
  const call = async (routeKey: string, authorization?: string) =>
    parse(await whoAmI(event({ routeKey, headers: authorization ? { authorization } : {} }), context));
  const tokenFor = (role: 'customer' | 'staff' | 'admin' | 'manager', tokenVersion = 0) =>
    signAccessToken({ userId: `${role}-1`, role, name: role, email: `${role}@x.in`, tokenVersion });

  it('lets anyone call a public route and ignores any token there', async () => {
    const open = publicRoute('get-health', {}, async ({ principal }) => ({ userId: principal ?? null }));
    expect(parse(await open(event({ routeKey: 'GET /api/health', headers: { authorization: 'Bearer garbage' } }), context))).toEqual({
      statusCode: 200,
      body: { success: true, data: { userId: null } },
    });
    // No token is read there, so no account either: public requests cost no table read.
    expect(documentMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('recognises a signed-in user on an optional route, and lets guests through', async () => {
    expect((await call('POST /api/bookings', `Bearer ${await tokenFor('customer')}`)).body.data).toEqual({ userId: 'customer-1' });
    const maybe = optionalRoute('create-booking', {}, async ({ principal }) => ({ userId: principal?.userId ?? null }));
    expect(parse(await maybe(event({ routeKey: 'POST /api/bookings' }), context)).body.data).toEqual({ userId: null });
    // optionalRoute loads the token check only when a token comes, and then checks it as httpRoute does.
    const withToken = (authorization: string, routeKey = 'POST /api/bookings') => maybe(event({ routeKey, headers: { authorization } }), context);
    expect(parse(await withToken(`Bearer ${await tokenFor('customer')}`)).body.data).toEqual({ userId: 'customer-1' });
    expect(parse(await withToken('Bearer expired.or.forged')).statusCode).toBe(401);
    accounts.set('customer-1', { role: 'customer', status: 'suspended' });
    forgetAccount('customer-1');
    expect(parse(await withToken(`Bearer ${await tokenFor('customer')}`)).statusCode).toBe(401);
    // Behind a route the table does not know, it fails closed like every handler: admin only.
    expect(parse(await withToken(`Bearer ${await tokenFor('staff')}`, 'GET /api/not-a-route')).statusCode).toBe(403);
    expect(parse(await maybe(event({ routeKey: 'GET /api/not-a-route' }), context)).statusCode).toBe(401);
  });

  it('refuses a token that fails on an optional route instead of quietly treating the caller as a guest', async () => {
    expect(await call('POST /api/bookings', 'Bearer expired.or.forged')).toEqual({
      statusCode: 401,
      body: { success: false, error: 'Your session has expired. Please sign in again.' },
    });
  });

  it('answers 401 on a user route without a valid token', async () => {
    expect(await call('GET /api/bookings/my-bookings')).toEqual({ statusCode: 401, body: { success: false, error: 'Please sign in to continue' } });
    expect((await call('GET /api/bookings/my-bookings', 'Bearer not.a.token')).body.error).toBe('Your session has expired. Please sign in again.');
    expect((await call('GET /api/bookings/my-bookings', `Bearer ${await tokenFor('customer')}`)).statusCode).toBe(200);
  });

  it('answers 403 on a manager route for a customer and for staff, and lets admins and managers in', async () => {
    expect((await call('GET /api/admin/pricing', `Bearer ${await tokenFor('customer')}`)).statusCode).toBe(403);
    expect((await call('GET /api/admin/pricing', `Bearer ${await tokenFor('staff')}`)).statusCode).toBe(403);
    expect((await call('GET /api/admin/pricing', `Bearer ${await tokenFor('admin')}`)).statusCode).toBe(200);
    expect((await call('GET /api/admin/pricing', `Bearer ${await tokenFor('manager')}`)).statusCode).toBe(200);
  });

  it('lets staff read bookings, and keeps user management to admins', async () => {
    expect((await call('GET /api/bookings', `Bearer ${await tokenFor('staff')}`)).statusCode).toBe(200);
    expect((await call('GET /api/bookings', `Bearer ${await tokenFor('customer')}`)).statusCode).toBe(403);
    expect((await call('GET /api/admin/users', `Bearer ${await tokenFor('manager')}`)).statusCode).toBe(403);
    expect((await call('GET /api/admin/users', `Bearer ${await tokenFor('admin')}`)).statusCode).toBe(200);
  });

  it('refuses a token whose account was suspended, deleted, demoted or moved to a newer token version', async () => {
    const admin = `Bearer ${await tokenFor('admin')}`;
    expect((await call('GET /api/admin/users', admin)).statusCode).toBe(200);
    const expired = { statusCode: 401, body: { success: false, error: 'Your session has expired. Please sign in again.' } };
    for (const change of [{ status: 'suspended' }, { role: 'customer' }, { token_version: 1 }] as const) {
      reset();
      accounts.set('admin-1', { role: 'admin', status: 'active', ...change });
      expect(await call('GET /api/admin/users', admin), JSON.stringify(change)).toEqual(expired);
      // Also where signing in is optional: the token is refused, not taken for a guest.
      expect((await call('POST /api/bookings', admin)).statusCode).toBe(401);
    }
    reset();
    accounts.delete('admin-1');
    expect(await call('GET /api/bookings/my-bookings', admin)).toEqual(expired);
    // A token signed after the change (the new version) works.
    reset();
    accounts.set('admin-1', { role: 'admin', status: 'active', token_version: 3 });
    expect((await call('GET /api/admin/users', `Bearer ${await tokenFor('admin', 3)}`)).statusCode).toBe(200);
  });

  it('reads an account at most once per container within the cache time, and afresh after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const staff = `Bearer ${await tokenFor('staff')}`;
      await call('GET /api/bookings', staff);
      await call('GET /api/bookings', staff);
      expect(documentMock.commandCalls(GetCommand)).toHaveLength(1);
      accounts.set('staff-1', { role: 'staff', status: 'suspended' });
      vi.setSystemTime(Date.now() + ACCOUNT_CACHE_MS);
      expect((await call('GET /api/bookings', staff)).statusCode).toBe(401);
      expect(documentMock.commandCalls(GetCommand)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a public route builder refuses to run behind a route the table does not mark public (fail closed)', async () => {
    const open = publicRoute('get-health', {}, async () => ({ ok: true }));
    expect(parse(await open(event({ routeKey: 'GET /api/health' }), context))).toEqual({ statusCode: 200, body: { success: true, data: { ok: true } } });
    for (const routeKey of ['GET /api/bookings/my-bookings', 'POST /api/bookings', 'GET /api/admin/pricing', 'GET /api/secret-backdoor']) {
      expect((await open(event({ routeKey, headers: { authorization: `Bearer ${await tokenFor('admin')}` } }), context)).statusCode, routeKey).toBe(403);
    }
  });

  it('fails closed for a route the table does not know', async () => {
    expect((await call('GET /api/secret-backdoor')).statusCode).toBe(401);
    expect((await call('GET /api/secret-backdoor', `Bearer ${await tokenFor('customer')}`)).statusCode).toBe(403);
  });
});
