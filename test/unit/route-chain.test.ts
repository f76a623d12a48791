import { ProvisionedThroughputExceededException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../functions/lib/auth.ts';
import { badRequest, conflict, HttpError, tooManyRequests, unauthorized } from '../../functions/lib/http/errors.ts';
import { routeBuilder, type Authenticate, type RouteName } from '../../functions/lib/http/handler.ts';
import { jsonHeaders } from '../../functions/lib/http/json-response.ts';
import { originVerified } from '../../functions/lib/http/origin-verify.ts';
import { parseWith } from '../../functions/lib/http/request-parsing.ts';
import { UNAVAILABLE_MESSAGE } from '../../functions/lib/http/unexpected-error.ts';

// The steps' own modules, watched: which ran, and in what order.
vi.mock('../../functions/lib/http/origin-verify.ts', () => ({ originVerified: vi.fn() }));
vi.mock('../../functions/lib/http/request-parsing.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  parseWith: vi.fn(),
}));

const context = { awsRequestId: 'req-chain' } as Context;
const event = (overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'POST /api/test/{id}',
    rawPath: '/api/test/x',
    rawQueryString: 'page=1',
    headers: { 'content-type': 'application/json' },
    pathParameters: { id: 'x' },
    queryStringParameters: { page: '1' },
    body: '{"guests":2}',
    requestContext: { http: { method: 'POST' } },
    isBase64Encoded: false,
    ...overrides,
  }) as APIGatewayProxyEventV2;
const parse = (result: { statusCode?: number; body?: string }) => ({ statusCode: result.statusCode, body: JSON.parse(result.body ?? '') as unknown });

/** A schema stands in for each part: parseWith is watched, so the schema library plays no part here. */
const schemas = { params: {} as never, query: {} as never, body: {} as never };
const guest: Principal = { userId: 'u-1', role: 'customer', name: 'Asha', email: 'asha@example.com' };
let steps: string[];

/** A route whose every step says when it runs; `authenticate` may be replaced. */
function tracedRoute(run: () => Promise<unknown> = async () => ({ ok: true }), authenticate?: Authenticate) {
  const build = routeBuilder<RouteName>(
    authenticate ??
      (async () => {
        steps.push('auth');
        return guest;
      }),
  );
  return build('get-profile', schemas, async () => {
    steps.push('run');
    return run();
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  steps = [];
  process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:test-origin-AbCdEf';
  vi.mocked(originVerified).mockImplementation(async () => {
    steps.push('origin');
    return true;
  });
  vi.mocked(parseWith).mockImplementation((_schema, value, what) => {
    steps.push(`parse ${what}`);
    return value;
  });
});
afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  vi.restoreAllMocks();
});

describe('the route chain', () => {
  it('runs origin, auth, parsing (path, query, body), the route and the envelope, in that order', async () => {
    const route = tracedRoute();
    expect(parse(await route(event(), context))).toEqual({ statusCode: 200, body: { success: true, data: { ok: true } } });
    expect(steps).toEqual(['origin', 'auth', 'parse path', 'parse query', 'parse request body', 'run']);
    expect(vi.mocked(parseWith).mock.calls.map(([, value]) => value)).toEqual([{ id: 'x' }, { page: '1' }, { guests: 2 }]);
  });

  it('stops at the first step that refuses: nothing after it runs', async () => {
    vi.mocked(originVerified).mockImplementation(async () => {
      steps.push('origin');
      return false;
    });
    expect((await tracedRoute()(event(), context)).statusCode).toBe(403);
    expect(steps).toEqual(['origin']);

    vi.mocked(originVerified).mockImplementation(async () => {
      steps.push('origin');
      return true;
    });
    steps = [];
    const refused = tracedRoute(undefined, async () => {
      steps.push('auth');
      throw unauthorized();
    });
    expect((await refused(event(), context)).statusCode).toBe(401);
    expect(steps).toEqual(['origin', 'auth']);

    steps = [];
    vi.mocked(parseWith).mockImplementationOnce(() => {
      steps.push('parse path');
      throw badRequest('Invalid id', { id: ['Too short'] });
    });
    expect(parse(await tracedRoute()(event(), context))).toEqual({
      statusCode: 400,
      body: { success: false, error: 'Invalid id', details: { id: ['Too short'] } },
    });
    expect(steps).toEqual(['origin', 'auth', 'parse path']);
  });

  it('skips the origin check without ORIGIN_VERIFY_SECRET_ARN, and parses no part the route has no schema for', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    const build = routeBuilder<RouteName>(async () => guest);
    const route = build('get-profile', {}, async ({ params, query, body }) => ({ params, query, body: body ?? null }));
    expect(parse(await route(event(), context)).body).toEqual({ success: true, data: { params: {}, query: {}, body: null } });
    expect(originVerified).not.toHaveBeenCalled();
    expect(parseWith).not.toHaveBeenCalled();
  });

  it("gives each request its own state: concurrent requests on one context never see each other's caller, and the caller's context stays as it was", async () => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const build = routeBuilder<RouteName>(async (request) => {
      const userId = request.headers.authorization ?? '';
      // The first caller is authenticated last, while the others' requests are already running.
      await pause(userId === 'u-0' ? 20 : 1);
      return { ...guest, userId };
    });
    const route = build('get-profile', {}, async ({ principal, context: own }) => {
      await pause(5);
      return { userId: principal?.userId, requestId: own.awsRequestId };
    });
    const answers = await Promise.all(['u-0', 'u-1', 'u-2'].map((userId) => route(event({ headers: { authorization: userId } }), context)));
    expect(answers.map((answer) => parse(answer).body)).toEqual(
      ['u-0', 'u-1', 'u-2'].map((userId) => ({ success: true, data: { userId, requestId: 'req-chain' } })),
    );
    expect(context).toEqual({ awsRequestId: 'req-chain' });
  });
});

describe('the error mapper', () => {
  const failing = (error: unknown) => tracedRoute(async () => Promise.reject(error));

  it('answers an HttpError with its status, message, details, extra fields and headers', async () => {
    const answer = await failing(conflict('Villa just sold out', { checkIn: ['Taken'] }, { quote: { total: 100 } }))(event(), context);
    expect(parse(answer)).toEqual({
      statusCode: 409,
      body: { success: false, error: 'Villa just sold out', details: { checkIn: ['Taken'] }, quote: { total: 100 } },
    });
    expect(answer.headers).toEqual(jsonHeaders);
    const limited = await failing(tooManyRequests('Slow down', 30))(event(), context);
    expect(limited.headers).toEqual({ ...jsonHeaders, 'retry-after': '30' });
    // Whichever step threw: the same mapping.
    const fromAuth = tracedRoute(undefined, async () => {
      throw new HttpError(418, 'Not here');
    });
    expect(parse(await fromAuth(event(), context))).toEqual({ statusCode: 418, body: { success: false, error: 'Not here' } });
  });

  it('answers a plain Error, or a thrown value that is no Error, with a generic 500 that reveals nothing, and logs it with the request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const thrown of [new Error('connect ECONNREFUSED 10.0.0.7 table secret-table'), 'secret-table is gone']) {
      const answer = await failing(thrown)(event(), context);
      expect(parse(answer)).toEqual({ statusCode: 500, body: { success: false, error: 'Something went wrong on our side. Please try again.' } });
      expect(answer.body).not.toContain('secret-table');
      expect(answer.headers).toEqual(jsonHeaders);
    }
    expect(log).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({ requestId: 'req-chain', routeKey: 'POST /api/test/{id}' });
  });

  it('answers a throttled DynamoDB with 503 and Retry-After: the request was fine, it may be sent again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const throttled = [
      new ProvisionedThroughputExceededException({ message: 'Rate exceeded for table secret-table', $metadata: {} }),
      new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }),
    ];
    for (const error of throttled) {
      const answer = await failing(error)(event(), context);
      expect(parse(answer), error.name).toEqual({ statusCode: 503, body: { success: false, error: UNAVAILABLE_MESSAGE } });
      expect(answer.headers?.['retry-after']).toBe('2');
    }
  });

  it('also answers for the envelope: an output that cannot be written as JSON is a 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await tracedRoute(async () => ({ total: 1n }))(event(), context);
    expect(answer.statusCode).toBe(500);
    expect(steps.at(-1)).toBe('run');
  });
});
