import fc from 'fast-check';
import type { HttpRoute } from '../../../functions/routes.ts';
import type { FuzzFixtures, FuzzRequest, Persona } from './fixtures.ts';
import { CONTENT_TYPES, encodeSegment, headerText, hostileId, hostileString, hostileValue, rawBodies, toJson } from './hostile-values.ts';
import { personaFor, queryValues, realIds, ROUTE_QUERY, templates } from './route-cases.ts';

/* A route's random and hostile requests: its cases mutated and mixed with hostile values, part by part. */

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

/** Fields that name something (an id, a type, a reference, a token): where an unbounded value once reached a table key. */
const NAMES_SOMETHING = /(^id$|Id$|_id$|Type$|_to$|reference|token|email|key)/i;

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
