import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { startFakeSecretsManager, type FakeSecretsManager } from '../support/fake-secrets-manager.ts';
import type * as Handler from '../../functions/lib/http/handler.ts';
import type * as OptionalRoute from '../../functions/lib/http/optional-route.ts';
import type * as SignedInRoute from '../../functions/lib/http/signed-in-route.ts';
import type * as SignInRoute from '../../functions/lib/http/sign-in-route.ts';
import type * as NodeCrypto from 'node:crypto';

// Pass-through, watched: the comparison must be node:crypto's constant-time one, over equal lengths.
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return { ...crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) };
});
const { timingSafeEqual } = await import('node:crypto');

const SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:forest-resort-test-origin-verify-AbCdEf';
const SECRET = 'o'.repeat(20) + 'r'.repeat(44);
const context = { awsRequestId: 'req-1' } as Context;
const REFUSED = { statusCode: 403, body: { success: false, error: 'You do not have permission to do this' } };

const event = (headers: Record<string, string>, overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'GET /api/cottages',
    rawPath: '/api/cottages',
    rawQueryString: '',
    headers,
    requestContext: { http: { method: 'GET' } },
    isBase64Encoded: false,
    ...overrides,
  }) as APIGatewayProxyEventV2;
const fromCloudFront = (extra: Record<string, string> = {}) => event({ 'x-origin-verify': SECRET, ...extra });

const parse = (result: unknown) => {
  const { statusCode, body } = result as { statusCode: number; body: string };
  return { statusCode, body: JSON.parse(body) as Record<string, unknown> };
};

/** Functions read the secret with a signed GetSecretValue request (functions/lib/secrets.ts): a local stand-in answers it. */
let secretsManager: FakeSecretsManager;
const secretReads = () => secretsManager.requests.filter((request) => request.stage === 'AWSCURRENT' && request.secretId === SECRET_ARN).length;
const table = mockClient(DynamoDBDocumentClient);

let handler: typeof Handler;
let optional: typeof OptionalRoute;
let signedIn: typeof SignedInRoute;

beforeAll(async () => {
  secretsManager = await startFakeSecretsManager();
  process.env.SECRETS_MANAGER_ENDPOINT = secretsManager.url;
});
afterAll(async () => {
  delete process.env.SECRETS_MANAGER_ENDPOINT;
  delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  vi.resetModules();
  await secretsManager.close();
});
beforeEach(async () => {
  // A fresh container: nothing read yet.
  vi.resetModules();
  table.reset();
  vi.mocked(timingSafeEqual).mockClear();
  secretsManager.requests.length = 0;
  delete secretsManager.failWith;
  secretsManager.versions = { AWSCURRENT: { id: 'v1', value: SECRET } };
  process.env.ORIGIN_VERIFY_SECRET_ARN = SECRET_ARN;
  handler = await import('../../functions/lib/http/handler.ts');
  optional = await import('../../functions/lib/http/optional-route.ts');
  signedIn = await import('../../functions/lib/http/signed-in-route.ts');
});
afterEach(() => vi.restoreAllMocks());

describe('origin verify (functions/lib/http/origin-verify.ts through the route builder)', () => {
  it('answers a request carrying CloudFront’s header', async () => {
    const route = handler.publicRoute('list-cottages', {}, async () => ({ ok: true }));
    expect(parse(await route(fromCloudFront(), context))).toEqual({ statusCode: 200, body: { success: true, data: { ok: true } } });
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalledTimes(1);
    const [given, expected] = vi.mocked(timingSafeEqual).mock.calls[0] ?? [];
    expect([(given as Buffer).length, (expected as Buffer).length]).toEqual([32, 32]);
  });

  it.each([
    ['missing', {}],
    ['empty', { 'x-origin-verify': '' }],
    ['wrong, of the same length', { 'x-origin-verify': 'x'.repeat(SECRET.length) }],
    ['shorter', { 'x-origin-verify': SECRET.slice(0, 10) }],
    ['longer', { 'x-origin-verify': `${SECRET}x` }],
    ['sent under another name', { 'x-origin-verified': SECRET }],
  ])('refuses a request whose header is %s with 403, before auth, parsing or any table access', async (_, headers) => {
    const run = vi.fn(async () => ({ ok: true }));
    // A signed-in route with a body schema: a bad token would be 401, a bad body 400, a table read a mock call.
    const route = signedIn.httpRoute('list-payments', { body: z.object({ guests: z.number() }) }, run);
    const request = event(
      { ...headers, authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      { routeKey: 'GET /api/payments/admin', body: '{"guests":' },
    );
    expect(parse(await route(request, context))).toEqual(REFUSED);
    expect(run).not.toHaveBeenCalled();
    expect(table.calls()).toHaveLength(0);
    // Different lengths never reach a comparison of unequal buffers (which would throw): digests are compared.
    for (const [given, expected] of vi.mocked(timingSafeEqual).mock.calls) expect((given as Buffer).length).toBe((expected as Buffer).length);
  });

  it('checks every kind of route: public, optional and signed-in, and then authenticates as before', async () => {
    const publicRoute = handler.publicRoute('list-cottages', {}, async () => 'public');
    const optionalRoute = optional.optionalRoute('create-booking', {}, async () => 'optional');
    const signedInRoute = signedIn.httpRoute('list-payments', {}, async () => 'signed-in');
    const at = (routeKey: string, headers: Record<string, string> = {}) => event(headers, { routeKey });
    expect(parse(await publicRoute(at('GET /api/cottages'), context))).toEqual(REFUSED);
    expect(parse(await optionalRoute(at('POST /api/bookings'), context))).toEqual(REFUSED);
    expect(parse(await signedInRoute(at('GET /api/payments/admin'), context))).toEqual(REFUSED);
    const header = { 'x-origin-verify': SECRET };
    expect(parse(await publicRoute(at('GET /api/cottages', header), context)).statusCode).toBe(200);
    expect(parse(await optionalRoute(at('POST /api/bookings', header), context)).statusCode).toBe(200);
    // Through the check, a signed-in route still wants its token.
    expect(parse(await signedInRoute(at('GET /api/payments/admin', header), context)).statusCode).toBe(401);
  });

  it('reads the secret once per container, however many requests arrive at once or after', async () => {
    const route = handler.publicRoute('list-cottages', {}, async () => 'ok');
    const first = await Promise.all([route(fromCloudFront(), context), route(event({}), context), route(fromCloudFront(), context)]);
    expect(first.map((result) => parse(result).statusCode)).toEqual([200, 403, 200]);
    for (let i = 0; i < 3; i += 1) expect(parse(await route(fromCloudFront(), context)).statusCode).toBe(200);
    expect(secretReads()).toBe(1);
  });

  it('does not cache a failed read: the request fails (500), the next one reads again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const route = handler.publicRoute('list-cottages', {}, async () => 'ok');
    secretsManager.failWith = { status: 500, type: 'InternalServiceError', message: 'Secrets Manager is down' };
    const failed = parse(await route(fromCloudFront(), context));
    expect(failed).toEqual({ statusCode: 500, body: { success: false, error: 'Something went wrong on our side. Please try again.' } });
    expect(errors).toHaveBeenCalled();
    expect(JSON.stringify(errors.mock.calls)).not.toContain(SECRET);
    delete secretsManager.failWith;
    expect(parse(await route(fromCloudFront(), context)).statusCode).toBe(200);
    expect(parse(await route(fromCloudFront(), context)).statusCode).toBe(200);
    expect(secretReads()).toBe(2);
  });

  it('checks nothing, and reads nothing, without ORIGIN_VERIFY_SECRET_ARN (npm start, tests)', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    const route = handler.publicRoute('list-cottages', {}, async () => 'ok');
    expect(parse(await route(event({}), context)).statusCode).toBe(200);
    expect(parse(await route(event({ 'x-origin-verify': 'anything' }), context)).statusCode).toBe(200);
    expect(secretsManager.requests).toHaveLength(0);
  });
});

describe("a signed-in route's first request on AWS: the signing keys' read goes out beside the origin check's", () => {
  const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:forest-resort-test-jwt-AbCdEf';
  const localSecret = process.env.JWT_SECRET;
  // The stand-in answers every secret with SECRET as version v1: the origin's and the signing key's.
  const token = () =>
    new SignJWT({ role: 'manager', name: 'Mira', email: 'mira@resort.example' })
      .setProtectedHeader({ alg: 'HS256', kid: 'v1' })
      .setSubject('user-1')
      .setIssuer('forest-resort')
      .setAudience('forest-resort:test')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
  const reads = () => secretsManager.requests.map((request) => `${request.secretId === KEY_ARN ? 'key' : 'origin'} ${request.stage}`).sort();

  beforeEach(async () => {
    delete process.env.JWT_SECRET;
    process.env.JWT_SECRET_ARN = KEY_ARN;
    secretsManager.mostWaiting = 0;
    // A fresh container that reads its keys from Secrets Manager.
    vi.resetModules();
    signedIn = await import('../../functions/lib/http/signed-in-route.ts');
    optional = await import('../../functions/lib/http/optional-route.ts');
    table.on(GetCommand).resolves({ Item: { role: 'manager', status: 'active', token_version: 0 } });
  });
  afterEach(() => {
    process.env.JWT_SECRET = localSecret;
    delete process.env.JWT_SECRET_ARN;
    delete secretsManager.holdUntilWaiting;
  });

  it('sends the three reads together: no answer comes until all three wait, and the request still succeeds', async () => {
    // Sent one after another, the origin's read would wait a second alone and the keys' two would meet without it.
    secretsManager.holdUntilWaiting = 3;
    const route = signedIn.httpRoute('list-payments', {}, async ({ principal }) => principal.userId);
    const answer = parse(
      await route(event({ 'x-origin-verify': SECRET, authorization: `Bearer ${await token()}` }, { routeKey: 'GET /api/payments/admin' }), context),
    );
    expect(answer).toEqual({ statusCode: 200, body: { success: true, data: 'user-1' } });
    expect(reads()).toEqual(['key AWSCURRENT', 'key AWSPREVIOUS', 'origin AWSCURRENT']);
    expect(secretsManager.mostWaiting).toBe(3);
  });

  it('does the same where signing in is optional, once the request carries a token', async () => {
    secretsManager.holdUntilWaiting = 3;
    const route = optional.optionalRoute('create-booking', {}, async ({ principal }) => principal?.userId ?? 'guest');
    const answer = parse(
      await route(event({ 'x-origin-verify': SECRET, authorization: `Bearer ${await token()}` }, { routeKey: 'POST /api/bookings' }), context),
    );
    expect(answer).toEqual({ statusCode: 200, body: { success: true, data: 'user-1' } });
    expect(secretsManager.mostWaiting).toBe(3);
  });

  it('starts the keys’ read as a sign-in arrives, beside the origin check, so it runs while the password is checked', async () => {
    secretsManager.holdUntilWaiting = 3;
    const signIn: typeof SignInRoute = await import('../../functions/lib/http/sign-in-route.ts');
    const auth = await import('../../functions/lib/auth.ts');
    const route = signIn.signInRoute('admin-login', {}, async () =>
      auth.signAccessToken({ userId: 'user-1', role: 'manager', name: 'Mira', email: 'mira@resort.example' }),
    );
    const answer = parse(await route(event({ 'x-origin-verify': SECRET }, { routeKey: 'POST /api/auth/admin-login' }), context));
    expect(answer.statusCode).toBe(200);
    expect(reads()).toEqual(['key AWSCURRENT', 'key AWSPREVIOUS', 'origin AWSCURRENT']);
    expect(secretsManager.mostWaiting).toBe(3);
  });

  it('reads no key for a request without a token, and refuses it as before', async () => {
    const route = signedIn.httpRoute('list-payments', {}, async () => 'ok');
    expect(parse(await route(event({}, { routeKey: 'GET /api/payments/admin' }), context)).statusCode).toBe(403);
    expect(parse(await route(event({ 'x-origin-verify': SECRET }, { routeKey: 'GET /api/payments/admin' }), context)).statusCode).toBe(401);
    const guest = optional.optionalRoute('create-booking', {}, async () => 'guest');
    expect(parse(await guest(event({ 'x-origin-verify': SECRET }, { routeKey: 'POST /api/bookings' }), context)).body).toEqual({
      success: true,
      data: 'guest',
    });
    expect(reads()).toEqual(['origin AWSCURRENT']);
  });
});
