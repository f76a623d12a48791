/*
 * Random and hostile requests for every route of the route table, and the rules every answer must
 * keep: a 2xx, or a 4xx with the JSON envelope (a planned route's 501 too), JSON content type and
 * nosniff, and a refused request leaves no item in the table. Used by
 * test/integration/route-fuzz.test.ts (a few hundred cases) and `npm run bench -- --fuzz`
 * (thousands, test/load/fuzz.ts). The server must run without its stream consumer, so that nothing
 * but the requests writes to the table between two scans.
 */

export { prepareFuzz, type FuzzFixtures, type FuzzRequest, type Persona } from './route-fuzz/fixtures.ts';
export { hostileString, hostileValue } from './route-fuzz/hostile-values.ts';
export { requestArbitrary } from './route-fuzz/requests.ts';
export { assertRoute, describeOutcome, FuzzRunner, fuzzedRoutes, printable, WRITTEN_BY_REFUSALS, type Outcome } from './route-fuzz/runner.ts';
