import { createHmac, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { httpRoutes, isImplemented, routeKey, type AuthLevel, type HttpRoute } from '../../functions/routes.ts';
import { villaTypes } from '../../shared/catalog.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';

/*
 * Random and hostile requests for every route of the route table, and the rules every answer must
 * keep: a 2xx, or a 4xx with the JSON envelope (a planned route's 501 too), JSON content type and
 * nosniff, and a refused request leaves no item in the table. Used by
 * test/integration/route-fuzz.test.ts (a few hundred cases) and `npm run bench -- --fuzz`
 * (thousands, test/load/fuzz.ts). The server must run without its stream consumer, so that nothing
 * but the requests writes to the table between two scans.
 */

/**
 * Items a refused request is meant to leave: the counters its refusal exists to keep. Anything
 * else a 4xx leaves is a failure. The stream consumer's items (feed, report counters, once-only
 * marks, FEED#/REPORT#/EFFECT#) are not excused: the fuzzed server runs without the consumer.
 */
export const WRITTEN_BY_REFUSALS: ReadonlyArray<{ prefix: string; why: string }> = [
  { prefix: 'LOGIN#', why: 'a failed sign-in is counted per account and client address (functions/lib/db/keys/login.ts)' },
  { prefix: 'LOGINFROM#', why: 'a failed sign-in is counted per client address over all accounts (functions/lib/db/keys/login.ts)' },
  { prefix: 'LOOKUPLIMIT#', why: 'a manage-booking lookup is counted per client address before its proof is checked (functions/lib/db/keys/lookup-limit.ts)' },
];

export type Persona = 'anonymous' | 'customer' | 'staff' | 'manager' | 'admin';

/** What the fuzz knows of the running stack: tokens of real accounts, hostile Authorization values, ids that exist. */
export type FuzzFixtures = {
  baseUrl: string;
  tableName: string;
  dynamodbEndpoint: string;
  authorization: Record<Exclude<Persona, 'anonymous'>, string>;
  /** Authorization values that are forged, expired, for nobody or oddly written. */
  forged: string[];
  ids: { cottages: string[]; packages: string[]; safaris: string[]; pricingRules: string[]; users: string[]; bookings: string[]; references: string[] };
  bookingEmail: string;
  manageToken: string;
  today: string;
};

export type FuzzRequest = { route: string; method: string; path: string; headers: Record<string, string>; body?: string };

/** `left`: items a refused request left that nothing excuses; `excused`: the counters of WRITTEN_BY_REFUSALS it wrote. */
export type Outcome = { request: FuzzRequest; status: number; problems: string[]; left: string[]; excused: string[] };

const b64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Real accounts (one per role, and one to be edited), a booking to look up, and Authorization
 * values an attacker could send. The function environment must be set and the server started.
 */
export async function prepareFuzz(stack: { baseUrl: string; tableName: string; dynamodbEndpoint: string }): Promise<FuzzFixtures> {
  const { accountWithToken } = await import('./accounts.ts');
  const { signAccessToken } = await import('../../functions/lib/auth.ts');
  const [customer, staff, manager, admin, victim] = await Promise.all([
    accountWithToken('customer', 'Fuzz Customer'),
    accountWithToken('staff', 'Fuzz Staff'),
    accountWithToken('manager', 'Fuzz Manager'),
    accountWithToken('admin', 'Fuzz Admin'),
    accountWithToken('customer', 'Fuzz Victim'),
  ]);
  const today = resortToday();
  const bookingEmail = 'fuzz.guest@example.in';
  const booking = await fetch(`${stack.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      cottageType: 'kingfisher-villa',
      checkIn: addDaysIso(today, 200),
      checkOut: addDaysIso(today, 202),
      adults: 2,
      packageId: 'forest-retreat',
      guestDetails: { firstName: 'Fuzz', lastName: 'Guest', email: bookingEmail, phone: '9876543210' },
      paymentMethod: 'offline',
      acceptTerms: true,
    }),
  });
  const created = (await booking.json().catch(() => ({}))) as { data?: { booking?: { id?: string }; bookingReference?: string; manageToken?: string } };
  const bookingId = created.data?.booking?.id ?? randomUUID();
  const [header, payload] = customer.token.split('.');
  const adminClaims = b64url(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'admin' }));
  const unsigned = `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${adminClaims}.`;
  const wrongKey = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${adminClaims}`;
  const stranger = { userId: randomUUID(), role: 'admin' as const, name: 'Nobody', email: 'nobody@example.in' };
  return {
    ...stack,
    authorization: { customer: customer.authorization, staff: staff.authorization, manager: manager.authorization, admin: admin.authorization },
    forged: [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer ...',
      `Bearer ${unsigned}`,
      `Bearer ${wrongKey}.${createHmac('sha256', 'not-the-key').update(wrongKey).digest('base64url')}`,
      // The customer's own signature over an admin's claims.
      `Bearer ${header}.${adminClaims}.${customer.token.split('.')[2]}`,
      // Signed with the stack's key, but for an account that does not exist, or expired.
      `Bearer ${await signAccessToken(stranger)}`,
      `Bearer ${await signAccessToken({ ...stranger, userId: admin.userId, role: 'admin', email: admin.email }, -60)}`,
      `bearer ${admin.token}`,
      `Bearer  ${admin.token}`,
      `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      `Bearer ${admin.token}x`,
      `Bearer ${'A'.repeat(2000)}`,
      `Bearer ${customer.token}, Bearer ${admin.token}`,
    ],
    ids: {
      cottages: ['hornbill-1', 'kingfisher-1', 'glass-1', ...villaTypes],
      packages: ['forest-retreat', 'family-getaway', 'honeymoon-escape', 'safari-adventure'],
      safaris: ['morning-jeep-safari', 'evening-jungle-safari', 'night-trail-safari'],
      pricingRules: ['long-stay', 'monsoon-escape-2027'],
      users: [victim.userId],
      bookings: [bookingId],
      references: [created.data?.bookingReference ?? 'VMLX2K9QF3A1B2C3'],
    },
    bookingEmail,
    manageToken: created.data?.manageToken ?? `${bookingId}.${'x'.repeat(32)}`,
    today,
  };
}

/* ------------------------------------------------------------------ values */

const LONG_LENGTHS = [65, 129, 1025, 2049, 2100];

/** Text an attacker (or a broken client) sends where an id, a name or a date is expected. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202Eexe.jpg',
  '\u2066x\u2069',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uFEFF',
  '\u200B',
  '😀',
  'e\u0301',
  'İ',
  '\u2028',
  '\u0085',
  '%',
  '%00',
  '%zz',
  '..',
  '/',
  '\\',
  '#',
  '?',
  '&=',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  'true',
  'COTTAGE#hornbill-1',
  'RULE#long-stay',
  'USER#',
  'PRICING_RULES',
  'hornbill-villa',
  'forest-retreat',
  'morning-jeep-safari',
  'long-stay',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
  '2026-12-24T10:00:00Z',
];

// Over DynamoDB's key limits (2,048 bytes, 1,024 for a sort key), yet at most 2,100 bytes: a request line and
// headers over 16 KB are refused by Node before any route (as API Gateway refuses them), which is no handler's answer.
const longString = fc
  .tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('a', 'é', '😀', '-', '\u202E'))
  .map(([length, unit]) => unit.repeat(Math.min(length, Math.floor(2100 / Buffer.byteLength(unit)))));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: longString },
);

/** JSON.parse keeps `__proto__` as an own key, so it is sent as written (an object literal would set the prototype instead). */
const pollution = (): unknown => JSON.parse('{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":true}}}');

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(0, -1, 0.5, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, null, true, false) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.constant('@@DEEP@@') },
  { weight: 1, arbitrary: fc.constant(null).map(pollution) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A field replaced by this placeholder is sent as 10,000 nested arrays (valid JSON, hostile to recursive code). */
const DEEP = '"@@DEEP@@"';
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Request bodies that are not JSON, or JSON no schema expects. */
const rawBodies = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'hello',
    'null',
    'true',
    '0',
    '""',
    '[]',
    'undefined',
    'NaN',
    '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '\uFEFF{}',
    '{"\\ud800":"\\udfff"}',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  fc.constantFrom(2, 1000, 10_000).map(deepArray),
  fc.constantFrom(1000, 10_000).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom(60_000, 70_000).map((length) => JSON.stringify({ padding: 'x'.repeat(length) })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/json, text/html',
  'json',
];

/* ------------------------------------------------------------------ bodies */

const date = (fx: FuzzFixtures, days: number) => addDaysIso(fx.today, days);

/** Bodies each route would accept (or nearly): mutated, they reach validation and domain code, not just the JSON parser. */
function templates(route: HttpRoute, fx: FuzzFixtures): unknown[] {
  const body = template(route, fx);
  // The quote takes the spec's short form too.
  return route.name === 'calculate-package-pricing' ? [body, { packageId: 'forest-retreat', guests: 2, nights: 2 }] : [body];
}

function template(route: HttpRoute, fx: FuzzFixtures): unknown {
  const guest = { prefix: 'Ms', firstName: 'Asha', lastName: 'Rao', email: 'asha.fuzz@example.in', phone: '98765 43210', countryCode: '+91' };
  const stay = { cottageType: 'hornbill-villa', checkIn: date(fx, 60), checkOut: date(fx, 62), adults: 2, children: 0, rooms: 1, packageId: 'forest-retreat' };
  const safari = { safariId: 'morning-jeep-safari', date: date(fx, 60), timeSlot: '06:00-09:00', guests: 2 };
  const rule = {
    service_name: 'Fuzz Offer',
    service_type: 'cottage',
    applies_to: 'glass-cottage',
    base_price: 20000,
    discount_percentage: 10,
    valid_from: date(fx, 100),
    valid_until: date(fx, 110),
    min_stay: 1,
    max_stay: 14,
    description: 'Ten per cent off.',
    status: 'active',
  };
  switch (route.name) {
    case 'auth':
      return { name: 'Fuzz Person', email: `fuzz-${randomUUID().slice(0, 6)}@example.in`, password: 'monsoon-forest' };
    case 'admin-login':
      return { email: 'admin@forest-resort.local', password: 'not-the-password' };
    case 'update-profile':
      return { name: 'Fuzz Renamed', phone: '9876543210' };
    case 'check-availability':
      return { checkIn: date(fx, 30), checkOut: date(fx, 32), guests: 2, rooms: 1 };
    case 'create-cottage':
    case 'update-cottage':
      return {
        name: 'Fuzz Villa',
        description: 'A villa.',
        price_per_night: 9000,
        capacity: 2,
        amenities: 'Wifi, Deck',
        status: 'inactive',
        type: 'glass-cottage',
      };
    case 'set-cottage-pricing':
      return { price_per_night: 18000 };
    case 'calculate-package-pricing':
      return { ...stay, selectedSafaris: [safari] };
    case 'create-package':
    case 'update-package':
      return { name: 'Fuzz Package', type: 'safari', description: 'A package.', price_multiplier: 1.2, includes_safari: 1, max_safaris: 2, is_active: 0 };
    case 'validate-safari-selection':
      return { checkIn: date(fx, 60), checkOut: date(fx, 62), guests: 2, selections: [safari] };
    case 'create-safari':
    case 'update-safari':
      return {
        name: 'Fuzz Safari',
        description: 'A drive.',
        type: 'morning',
        duration: '3 hours',
        price: 1500,
        max_guests: 6,
        start_time: '06:00',
        end_time: '09:00',
        meeting_point: 'Gate',
        includes: 'Jeep',
        status: 'inactive',
      };
    case 'create-booking':
      return { ...stay, selectedSafaris: [safari], guestDetails: guest, paymentMethod: 'offline', acceptTerms: true };
    case 'create-staff-booking':
      return { ...stay, guestDetails: guest };
    case 'cancel-booking-by-reference':
      return { email: fx.bookingEmail };
    case 'update-booking-status':
      return { status: 'confirmed', reason: 'Fuzz' };
    case 'update-booking-payment':
      return { payment_status: 'paid', note: 'Fuzz' };
    case 'create-payment-order':
      return { bookingId: fx.ids.bookings[0] };
    case 'verify-payment':
      return { razorpay_order_id: 'order_AbCdEfGhIjKlMn', razorpay_payment_id: 'pay_AbCdEfGhIjKlMn', razorpay_signature: 'f'.repeat(64) };
    case 'test-checkout':
      return { orderId: 'order_AbCdEfGhIjKlMn', outcome: 'failure' };
    case 'record-offline-payment':
      return { reference: fx.ids.references[0], token: fx.manageToken, confirmToken: fx.manageToken };
    case 'payment-webhook':
      return { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_AbCdEfGhIjKlMn', order_id: 'order_AbCdEfGhIjKlMn', amount: 100 } } } };
    case 'create-pricing-rule':
    case 'update-pricing-rule':
      return rule;
    case 'bulk-update-pricing':
      return { updates: [{ id: 'long-stay', discount_percentage: 12 }] };
    case 'create-report-export':
      return { kind: 'csv', report: 'revenue', period: 'month' };
    case 'create-user':
      return {
        name: 'Fuzz User',
        email: `fuzz-user-${randomUUID().slice(0, 6)}@example.in`,
        phone: '9876543210',
        role: 'customer',
        password: 'monsoon-forest',
      };
    case 'update-user':
      return { name: 'Fuzz Edited', department: 'Front desk' };
    case 'reset-user-password':
      return { password: 'monsoon-forest-2' };
    default:
      return {};
  }
}

type Path = ReadonlyArray<string | number>;

/** Every key path of a JSON value (not the root). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
}

type Mutation = { path: Path; op: 'set' | 'delete' | 'add'; key: string; value: unknown };

function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  for (const mutation of mutations) {
    const parentPath = mutation.op === 'add' ? mutation.path : mutation.path.slice(0, -1);
    let parent: unknown = copy;
    for (const key of parentPath) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[key] : undefined;
    if (parent === null || typeof parent !== 'object') continue;
    const target = parent as Record<string | number, unknown>;
    const last = mutation.path.at(-1);
    if (mutation.op === 'add') Object.defineProperty(target, mutation.key, { value: mutation.value, enumerable: true, writable: true, configurable: true });
    else if (last === undefined) continue;
    else if (mutation.op === 'delete') delete target[last];
    else target[last] = mutation.value;
  }
  return copy;
}

/** JSON text of `value`, with the deep-nesting placeholder expanded. */
const toJson = (value: unknown): string => (JSON.stringify(value) ?? 'null').replaceAll(DEEP, deepArray(10_000));

/** Fields that name something (an id, a type, a reference, a token): where an unbounded value once reached a table key. */
const NAMES_SOMETHING = /(^id$|Id$|_id$|Type$|_to$|reference|token|email|key)/i;

/** Ids as an attacker sends them: too long for a key, of the wrong shape, of the wrong type. */
const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(2049, 3000, 10_000).map((length) => 'a'.repeat(length)) },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, true, null, [], {}, ['forest-retreat']) },
);

function bodyArbitrary(route: HttpRoute, fx: FuzzFixtures): fc.Arbitrary<string | undefined> {
  // fetch sends no body with GET.
  if (route.method === 'GET') return fc.constant(undefined);
  const mutated = (base: unknown): fc.Arbitrary<string> => {
    const paths = pathsOf(base);
    const ids = paths.filter((path) => NAMES_SOMETHING.test(String(path.at(-1))));
    const mutation: fc.Arbitrary<Mutation> = fc.record({
      path: paths.length ? fc.oneof(fc.constantFrom(...paths), fc.constant([] as Path)) : fc.constant([] as Path),
      op: fc.constantFrom('set', 'set', 'delete', 'add'),
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'user_id', 'status', 'pk'), fc.string({ maxLength: 10 })),
      value: hostileValue,
    });
    const idMutation: fc.Arbitrary<Mutation> = ids.length
      ? fc.record({ path: fc.constantFrom(...ids), op: fc.constant('set' as const), key: fc.constant(''), value: hostileId })
      : mutation;
    return fc
      .oneof({ weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: fc.tuple(idMutation) })
      .map((mutations) => toJson(applyMutations(base, mutations)));
  };
  const bases = templates(route, fx);
  return fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom(...bases).chain(mutated) },
    { weight: 1, arbitrary: fc.constantFrom(...bases).map(toJson) },
    { weight: 2, arbitrary: rawBodies },
    { weight: 1, arbitrary: hostileValue.map(toJson) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/* ------------------------------------------------------------------ paths and queries */

/** Percent-encodes every byte but the unreserved ones (a lone surrogate goes as U+FFFD's bytes, as a browser sends it). */
const encodeSegment = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

function realIds(route: HttpRoute, parameter: string, fx: FuzzFixtures): string[] {
  if (parameter === 'date') return [date(fx, 30), date(fx, 60), date(fx, -1)];
  if (parameter === 'reference') return fx.ids.references;
  if (parameter === 'bookingId') return fx.ids.bookings;
  const area = route.path.split('/')[2];
  if (area === 'cottages') return fx.ids.cottages;
  if (area === 'packages') return fx.ids.packages;
  if (area === 'safaris') return fx.ids.safaris;
  if (area === 'bookings') return fx.ids.bookings;
  if (route.path.startsWith('/api/admin/pricing')) return fx.ids.pricingRules;
  if (route.path.startsWith('/api/admin/users')) return fx.ids.users;
  return [randomUUID()];
}

const segmentArbitrary = (ids: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids).map(encodeSegment) },
    { weight: 3, arbitrary: hostileString.filter((text) => text !== '').map(encodeSegment) },
    { weight: 2, arbitrary: fc.constantFrom('%', '%zz', '%C3%28', '%ED%A0%80', '%E0%A4', '%FF', '%25', '%2F', '%00', '%20', 'a%2Fb', 'x%') },
    { weight: 2, arbitrary: fc.constantFrom(65, 1025, 2049, 2100).map((length) => 'a'.repeat(length)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,63}$/) },
  );

function pathArbitrary(route: HttpRoute, fx: FuzzFixtures): fc.Arbitrary<string> {
  const segments = route.path.split('/').map((segment) => {
    if (!segment.startsWith('{')) return fc.constant(segment);
    return segmentArbitrary(realIds(route, segment.slice(1, -1), fx));
  });
  return fc.tuple(...segments).map((parts) => parts.join('/'));
}

/** The index and partition each paged list reads (functions/lib/db/keys/): a forged cursor must name them to get past the first check. */
const LIST_PARTITIONS: Record<string, [string, string]> = {
  'list-users': ['gsi1', 'USERS'],
  'list-payments': ['gsi1', 'PAYMENTS'],
  'list-audit-log': ['gsi1', `AUDIT#${new Date().toISOString().slice(0, 7)}`],
  'list-report-exports': ['table', 'REPORTEXPORTS'],
};

const queryValues = (fx: FuzzFixtures, route: HttpRoute): Record<string, fc.Arbitrary<string>> => {
  const dates = fc.constantFrom(date(fx, 10), date(fx, 40), date(fx, -400), '2026-02-30', '2026-13-01');
  return {
    action: fc.constantFrom('register', 'login', 'LOGIN', 'delete'),
    email: fc.constantFrom(fx.bookingEmail, 'nobody@example.in', 'NOT AN EMAIL'),
    token: fc.constantFrom(fx.manageToken, `${fx.ids.bookings[0]}.${'x'.repeat(32)}`, `${fx.manageToken}x`, 'a.b'),
    startDate: dates,
    endDate: dates,
    start_date: dates,
    end_date: dates,
    from: dates,
    to: dates,
    month: fc.constantFrom('1', '12', '13', '0', '2026-11', 'x'),
    year: fc.constantFrom('2026', '2027', '1999', '99999'),
    since: fc.constantFrom(new Date().toISOString(), '2020-01-01T00:00:00Z', 'yesterday'),
    audience: fc.constantFrom('admin', 'guest', 'customer'),
    stats: fc.constantFrom('', '1', 'true'),
    admin: fc.constantFrom('', 'true'),
    status: fc.constantFrom('pending', 'confirmed', 'paid', 'active', 'bogus'),
    q: fc.constantFrom('asha', 'VMLX', '98765', ''),
    limit: fc.constantFrom('1', '25', '100', '101', '0', '-1', '1e3', '2.5'),
    cursor: fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom('x', 'W10', b64url('["table","USERS","x"]'), b64url(JSON.stringify(['gsi1', 'x', 'y', 'USERS', 'z']))) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('table', 'gsi1', 'gsi2'), fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }))
          .map(([index, parts]) => b64url(JSON.stringify([index, ...parts]))),
      },
      // Shaped like the lists' own cursors (functions/lib/db/query.ts): the index, the key values, the list's partition in its place.
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            LIST_PARTITIONS[route.name] ? fc.constant(LIST_PARTITIONS[route.name] as [string, string]) : fc.constantFrom(...Object.values(LIST_PARTITIONS)),
            fc.array(
              fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom('', '\uD800', '€'.repeat(399), '0', 'zzzz', '2026-01-01') },
                { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
              ),
              {
                minLength: 3,
                maxLength: 3,
              },
            ),
          )
          .map(([[index, partition], [a, b, c]]) => b64url(JSON.stringify(index === 'table' ? [index, partition, a] : [index, a, b, partition, c]))),
      },
    ),
    kind: fc.constantFrom('payment', 'refund', 'x'),
    method: fc.constantFrom('razorpay', 'offline', 'manual', 'x'),
    period: fc.constantFrom('week', 'month', 'quarter', 'year', 'custom', 'monthly', 'x'),
    subject: fc.constantFrom('booking', 'user', 'BAD SUBJECT'),
    actor: fc.constantFrom('admin@forest-resort.local', 'x'),
    role: fc.constantFrom('customer', 'admin', 'root'),
  };
};

/** The query parameters each route reads: most cases send these, so they reach the route's own checks. */
const ROUTE_QUERY: Partial<Record<string, string[]>> = {
  auth: ['action'],
  'list-notifications': ['since', 'audience'],
  'get-availability-calendar': ['startDate', 'endDate'],
  'get-safari-available-dates': ['month', 'year'],
  'list-bookings': ['admin', 'stats', 'status', 'q', 'limit', 'cursor'],
  'get-booking-by-reference': ['email', 'token'],
  'list-booking-payments': ['token'],
  'list-payments': ['limit', 'cursor', 'kind', 'status', 'method', 'from', 'to'],
  'get-payment-stats': ['from', 'to'],
  'get-revenue-report': ['period', 'start_date', 'end_date'],
  'get-occupancy-report': ['period', 'start_date', 'end_date'],
  'list-report-exports': ['limit', 'cursor'],
  'list-audit-log': ['month', 'limit', 'cursor', 'subject', 'actor'],
  'list-users': ['role', 'status', 'q', 'limit', 'cursor'],
};

function queryArbitrary(route: HttpRoute, fx: FuzzFixtures): fc.Arbitrary<string> {
  const known = queryValues(fx, route);
  const valueOf = (name: string) =>
    fc.tuple(fc.constant(name), fc.oneof({ weight: 3, arbitrary: known[name] ?? hostileString }, { weight: 1, arbitrary: hostileString }));
  const own = ROUTE_QUERY[route.name] ?? [];
  const pair = fc.oneof(
    ...(own.length ? [{ weight: 4, arbitrary: fc.constantFrom(...own).chain(valueOf) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...Object.keys(known)).chain(valueOf) },
    { weight: 1, arbitrary: fc.tuple(hostileString, hostileString) },
  );
  // Sign-in and registration need ?action= to reach their bodies.
  const action = route.name === 'auth' ? fc.option(fc.constantFrom('register', 'login'), { freq: 4 }) : fc.constant(null);
  const raw = fc.option(
    fc.constantFrom('q=%', '%zz=1', 'a=%C3%28', '&&&', '=', 'a[b]=c', '__proto__[role]=admin', 'constructor[prototype][x]=1', 'limit=1&limit=2'),
    { freq: 4 },
  );
  // Or one of the route's own parameters alone, well-formed-looking: it gets past the others' checks to its own.
  const pairs = own.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.array(pair, { maxLength: 4 }) },
        {
          weight: 2,
          arbitrary: fc
            .constantFrom(...own)
            .chain((name) => fc.tuple(fc.constant(name), known[name] ?? hostileString))
            .map((one) => [one]),
        },
      )
    : fc.array(pair, { maxLength: 4 });
  return fc.tuple(action, pairs, raw).map(([first, chosen, extra]) => {
    const params = new URLSearchParams();
    if (first) params.append('action', first);
    for (const [name, value] of chosen) params.append(name, value);
    const text = [params.toString(), extra ?? ''].filter(Boolean).join('&');
    return text ? `?${text}` : '';
  });
}

/* ------------------------------------------------------------------ headers */

/** Header values fetch will send (visible ASCII and spaces inside). */
const headerText = fc.oneof(
  fc.constantFrom('', 'x', 'null', '../', '<script>', '%00', "' OR 1=1", 'a'.repeat(200), 'a'.repeat(2000)),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
);

/** The persona whose token passes this level's check: most cases get past sign-in to reach validation. */
const personaFor: Record<AuthLevel, Persona> = {
  public: 'anonymous',
  optional: 'customer',
  user: 'customer',
  staff: 'staff',
  manager: 'manager',
  admin: 'admin',
};

function headersArbitrary(route: HttpRoute, fx: FuzzFixtures): fc.Arbitrary<Record<string, string>> {
  const bearer = (persona: Persona) => (persona === 'anonymous' ? undefined : fx.authorization[persona]);
  const authorization = fc.oneof(
    { weight: 5, arbitrary: fc.constant(bearer(personaFor[route.auth])) },
    { weight: 2, arbitrary: fc.constantFrom<Persona>('anonymous', 'customer', 'staff', 'manager', 'admin').map(bearer) },
    { weight: 2, arbitrary: fc.constantFrom(...fx.forged) },
    { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const idempotencyKey = fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 2, arbitrary: headerText }, { weight: 2, arbitrary: fc.constant(undefined) });
  const extra = fc.option(
    fc.tuple(fc.constantFrom('x-razorpay-signature', 'x-razorpay-event-id', 'x-forwarded-for', 'cookie', 'x-amzn-trace-id', 'origin'), headerText),
    { freq: 3 },
  );
  return fc.record({ authorization, contentType, idempotencyKey, extra }).map((parts) => {
    const headers: Record<string, string> = {};
    if (parts.authorization !== undefined) headers.authorization = parts.authorization;
    if (parts.contentType !== undefined) headers['content-type'] = parts.contentType;
    if (parts.idempotencyKey !== undefined) headers['idempotency-key'] = parts.idempotencyKey;
    if (parts.extra) headers[parts.extra[0]] = parts.extra[1];
    return headers;
  });
}

/** Random and hostile requests for one route of the table. */
export function requestArbitrary(route: HttpRoute, fx: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  return (
    fc
      .record({ path: pathArbitrary(route, fx), query: queryArbitrary(route, fx), headers: headersArbitrary(route, fx), body: bodyArbitrary(route, fx) })
      // Within Node's 16 KB for the request line and headers (API Gateway's limits are lower still).
      .filter(({ path, query }) => path.length + query.length <= 8000)
      .map(({ path, query, headers, body }) => ({
        route: route.name,
        method: route.method,
        path: `${path}${query}`,
        headers,
        ...(body === undefined ? {} : { body }),
      }))
  );
}

/* ------------------------------------------------------------------ checking */

type Snapshot = Map<string, string>;

const isExcused = (key: string): boolean => WRITTEN_BY_REFUSALS.some(({ prefix }) => key.startsWith(prefix));

/** Sends fuzz requests one at a time and checks each answer, and that a refused one left nothing in the table. */
export class FuzzRunner {
  private readonly client: DynamoDBDocumentClient;
  private snapshot: Snapshot | undefined;

  constructor(private readonly fx: Pick<FuzzFixtures, 'baseUrl' | 'tableName' | 'dynamodbEndpoint'>) {
    this.client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: fx.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
  }

  /** Every item's key (`pk sk`) and kind: the table is small, and nothing else writes to it meanwhile. */
  private async scan(): Promise<Snapshot> {
    const keys: Snapshot = new Map();
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new ScanCommand({
          TableName: this.fx.tableName,
          ProjectionExpression: 'pk, sk, #entity',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) keys.set(`${String(item.pk)} ${String(item.sk)}`, String(item.entity ?? ''));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return keys;
  }

  async send(request: FuzzRequest): Promise<Outcome> {
    const route = httpRoutes.find((candidate) => candidate.name === request.route) as HttpRoute | undefined;
    const before = this.snapshot ?? (await this.scan());
    const response = await fetch(`${this.fx.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      // A Buffer, so fetch adds no content type of its own.
      ...(request.body === undefined ? {} : { body: Buffer.from(request.body, 'utf8') }),
    });
    const text = await response.text();
    const problems: string[] = [];
    const { status } = response;
    const planned = route !== undefined && !isImplemented(route);
    if (status >= 500 && !(status === 501 && planned)) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
    else if (status < 200 || (status >= 300 && status < 400)) problems.push(`answered ${status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`the answer is not JSON: ${text.slice(0, 200)}`);
    }
    if (status >= 400) {
      const envelope = body as { success?: unknown; error?: unknown } | undefined;
      if (envelope?.success !== false || typeof envelope.error !== 'string') problems.push(`a ${status} without the envelope: ${text.slice(0, 200)}`);
    }
    if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) problems.push(`content-type is ${response.headers.get('content-type')}`);
    if (response.headers.get('x-content-type-options') !== 'nosniff') problems.push('no x-content-type-options: nosniff');
    const after = await this.scan();
    this.snapshot = after;
    const added = status >= 200 && status < 300 ? [] : [...after.keys()].filter((key) => !before.has(key));
    const left = added.filter((key) => !isExcused(key));
    if (left.length) problems.push(`a ${status} left ${left.length} item(s) in the table: ${left.slice(0, 5).join(', ')}`);
    return { request, status, problems, left, excused: added.filter(isExcused) };
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * Every route of the table, planned ones included, with the key `METHOD /path` that names it and
 * its share of `total` cases: a route with path parameters, a body or query parameters has more to
 * get wrong (1, and 1 more for each), and each gets at least one case.
 */
export function fuzzedRoutes(total: number): Array<{ route: HttpRoute; key: string; runs: number }> {
  const weightOf = (route: HttpRoute) => 1 + (route.path.includes('{') ? 1 : 0) + (route.method === 'GET' ? 0 : 1) + (ROUTE_QUERY[route.name] ? 1 : 0);
  const sum = httpRoutes.reduce((all, route) => all + weightOf(route), 0);
  return httpRoutes.map((route) => ({ route, key: routeKey(route), runs: Math.max(1, Math.round((total * weightOf(route)) / sum)) }));
}

/** JSON of a request for a message: long texts cut, with their length said. */
export const printable = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 300 ? `${item.slice(0, 300)}…(${item.length} characters)` : item));

/** The failure message of a case: the problems, and the request as sent (long texts cut). */
export const describeOutcome = (outcome: Outcome): string => `${outcome.problems.join('\n')}\nrequest: ${printable(outcome.request)}`;

class CaseFailed extends Error {}

/**
 * Fuzzes one route with `numRuns` cases from `seed`. A failing case is shrunk by fast-check to the
 * smallest request that still fails, and thrown with the seed that finds it again.
 */
export async function assertRoute(
  route: HttpRoute,
  fx: FuzzFixtures,
  runner: FuzzRunner,
  options: { numRuns: number; seed: number; timeLimitMs: number },
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(requestArbitrary(route, fx), async (request) => {
      const outcome = await runner.send(request);
      if (outcome.problems.length) throw new CaseFailed(describeOutcome(outcome));
    }),
    // Shrinking sends more requests: it stops at the time limit with the smallest failing case found so far.
    { numRuns: options.numRuns, seed: options.seed, interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false },
  );
  if (!details.failed) return;
  const reason = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${routeKey(route)}: failed after ${details.numRuns} case(s), shrunk ${details.numShrinks} time(s) (seed ${details.seed}, path "${details.counterexamplePath}")\n${reason}`,
  );
}
