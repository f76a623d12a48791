import { beforeAll, describe, expect, it } from 'vitest';
import { accountWithToken } from '../support/accounts.ts';
import { inDays } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

/**
 * Requests that answered 500 (or let an unbounded value reach a table key) before, each pinned with
 * its expected answer: the id bounds of every request schema, a path that is not valid
 * percent-encoding, and what the route fuzz (route-fuzz.test.ts) found: forged page cursors and
 * day ranges the wrong way round.
 */
const stack = useTestStack();
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let customer: Account;
let staff: Account;
let manager: Account;
let admin: Account;

beforeAll(async () => {
  [customer, staff, manager, admin] = await Promise.all([
    accountWithToken('customer'),
    accountWithToken('staff'),
    accountWithToken('manager'),
    accountWithToken('admin'),
  ]);
});

type Answer = { status: number; body: { success: boolean; error?: string; details?: Record<string, string[]> }; headers: Headers };

async function call(method: string, path: string, options: { as?: Account; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${stack.api}${path}`, {
    method,
    headers: {
      ...(options.as ? { authorization: options.as.authorization } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers };
}

const long = 'a'.repeat(3000);
const tooLong = (field: string, max = 64) => [`${field} must be at most ${max} characters`];

describe('every id a request names is bounded: too long is a 400 naming the field, never a 500', () => {
  it('in bodies: the quote (once a 500: DynamoDB refuses keys over 2,048 bytes), the safari check, bulk pricing', async () => {
    const packageOnly = await call('POST', '/packages/calculate-pricing', { body: { packageId: long, guests: 2, nights: 2 } });
    expect(packageOnly).toMatchObject({ status: 400, body: { success: false, error: tooLong('packageId')[0], details: { packageId: tooLong('packageId') } } });
    const stay = { cottageType: 'hornbill-villa', checkIn: inDays(50), checkOut: inDays(52), adults: 2 };
    expect((await call('POST', '/packages/calculate-pricing', { body: { ...stay, cottageType: long } })).body.details).toEqual({
      cottageType: tooLong('cottageType'),
    });
    expect((await call('POST', '/packages/calculate-pricing', { body: { ...stay, packageId: long } })).body.details).toEqual({
      packageId: tooLong('packageId'),
    });

    const selection = { safariId: long, date: inDays(50), timeSlot: '06:00-09:00', guests: 2 };
    const safaris = await call('POST', '/safaris/validate-selection', {
      body: { checkIn: inDays(50), checkOut: inDays(52), guests: 2, selections: [selection] },
    });
    expect(safaris).toMatchObject({ status: 400, body: { details: { 'selections.0.safariId': tooLong('safariId') } } });

    const bulk = await call('POST', '/admin/pricing/bulk-update', { as: manager, body: { updates: [{ id: long, discount_percentage: 5 }] } });
    expect(bulk).toMatchObject({ status: 400, body: { details: { 'updates.0.id': tooLong('id') } } });
  });

  it('in paths, on every route that takes an id', async () => {
    const cottage = { name: 'Bound Villa', description: 'A villa.', price_per_night: 9000, capacity: 2, type: 'glass-cottage' };
    const routes: Array<[string, string, Account | undefined, unknown?]> = [
      ['PUT', `/cottages/admin/update/${long}`, manager, cottage],
      ['DELETE', `/cottages/admin/delete/${long}`, manager],
      ['PATCH', `/cottages/${long}/pricing`, manager, { price_per_night: 9000 }],
      ['POST', `/cottages/${long}/availability`, undefined, { checkIn: inDays(50), checkOut: inDays(52), guests: 2 }],
      ['GET', `/cottages/${long}/availability?startDate=${inDays(50)}&endDate=${inDays(52)}`, undefined],
      ['PUT', `/packages/admin/${long}`, manager, { name: 'Bound', description: 'A package.', price_multiplier: 1 }],
      ['DELETE', `/packages/admin/${long}`, manager],
      ['PUT', `/safaris/admin/${long}`, manager, {}],
      ['DELETE', `/safaris/admin/${long}`, manager],
      ['GET', `/safaris/${long}/available-dates?month=1&year=2027`, undefined],
      ['GET', `/safaris/${long}/slots/${inDays(50)}`, undefined],
      ['GET', `/bookings/${long}`, customer],
      ['PUT', `/bookings/${long}/cancel`, customer],
      ['GET', `/bookings/${long}/details`, staff],
      ['PATCH', `/bookings/${long}/status`, staff, { status: 'confirmed' }],
      ['PATCH', `/bookings/${long}/payment`, manager, { payment_status: 'paid' }],
      ['PUT', `/admin/pricing/${long}`, manager, { discount_percentage: 5 }],
      ['DELETE', `/admin/pricing/${long}`, manager],
      ['PUT', `/admin/users/${long}`, admin, { name: 'Bound' }],
      ['DELETE', `/admin/users/${long}`, admin],
      ['POST', `/admin/users/${long}/reset-password`, admin, { password: 'monsoon-forest' }],
      ['POST', `/admin/users/${long}/unlock`, admin],
    ];
    for (const [method, path, as, body] of routes) {
      const answer = await call(method, path, { ...(as ? { as } : {}), ...(body === undefined ? {} : { body }) });
      expect(answer, `${method} ${path.slice(0, 40)}`).toMatchObject({ status: 400, body: { success: false, details: { id: tooLong('id') } } });
    }
    expect((await call('GET', `/payments/booking/${long}`)).body.details).toEqual({ bookingId: tooLong('bookingId') });
    const reference = await call('GET', `/bookings/reference/${'A'.repeat(41)}?email=asha@example.in`);
    expect(reference).toMatchObject({ status: 400, body: { details: { reference: tooLong('reference', 40) } } });
  });
});

describe('a path that is not valid percent-encoding', () => {
  it('is a 400 with the envelope and the API headers, as API Gateway refuses it, on every kind of route', async () => {
    for (const [method, path] of [
      ['GET', '/cottages/%'],
      ['GET', '/cottages/%C3%28'],
      ['POST', '/cottages/%zz/availability'],
      ['GET', '/safaris/morning-jeep-safari/slots/%E0%A4'],
      ['PUT', '/bookings/reference/%/cancel'],
      ['DELETE', '/admin/pricing/%ED%A0%80'],
    ] as const) {
      const answer = await call(method, path, { as: admin });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 400,
        body: { success: false, error: 'Bad Request: the path is not valid percent-encoding' },
      });
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // Decoded as before when it is valid: an id with a space is simply not found.
    expect((await call('GET', '/cottages/a%20b')).status).toBe(400);
    expect((await call('GET', '/cottages/glass%2D1')).status).toBe(200);
  });
});

describe('found by the route fuzz', () => {
  const cursor = (...parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const refused = { status: 400, body: { success: false, error: 'The page cursor is not valid', details: { cursor: ['The page cursor is not valid'] } } };

  it('a page cursor forged for the right list, with an empty key or one outside the query, is a 400 (DynamoDB refused it: a 500)', async () => {
    expect(await call('GET', `/admin/users?cursor=${cursor('gsi1', '', '', 'USERS', '')}`, { as: admin })).toMatchObject(refused);
    expect(await call('GET', `/payments/admin?cursor=${cursor('gsi1', '', '', 'PAYMENTS', '')}`, { as: manager })).toMatchObject(refused);
    expect(
      await call('GET', `/payments/admin?from=2026-01-01&to=2026-02-01&cursor=${cursor('gsi1', 'P', 'S', 'PAYMENTS', 'zzzz')}`, { as: manager }),
    ).toMatchObject(refused);
    expect(await call('GET', `/admin/reports/exports?cursor=${cursor('table', 'REPORTEXPORTS', '')}`, { as: manager })).toMatchObject(refused);
    const month = new Date().toISOString().slice(0, 7);
    expect(await call('GET', `/admin/audit?month=${month}&cursor=${cursor('gsi1', 'P', '', `AUDIT#${month}`, 'x')}`, { as: manager })).toMatchObject(refused);
  });

  it('a payments day range the wrong way round is a 400 on the list and the stats (DynamoDB refused the BETWEEN: a 500)', async () => {
    for (const path of ['/payments/admin/stats?from=2027-01-03&to=2026-12-04', '/payments/admin?from=2027-01-03&to=2026-12-04']) {
      expect(await call('GET', path, { as: manager }), path).toMatchObject({
        status: 400,
        body: { success: false, error: 'to must not be before from', details: { to: ['to must not be before from'] } },
      });
    }
    expect((await call('GET', '/payments/admin/stats?from=2026-12-04&to=2026-12-04', { as: manager })).status).toBe(200);
  });
});
