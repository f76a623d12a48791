import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertRoute, FuzzRunner, fuzzedRoutes, prepareFuzz, type FuzzFixtures } from '../support/route-fuzz.ts';
import { useTestStack } from '../support/local-stack.ts';

/**
 * Every route of the route table, planned ones too, fuzzed on the real local server over DynamoDB
 * Local (test/support/route-fuzz.ts): random and hostile paths, queries, headers and bodies, and
 * well-formed-looking requests with real tokens that reach validation and domain code. Every
 * answer is a 2xx or a 4xx with the envelope, JSON and nosniff; a refused request leaves nothing in
 * the table. FUZZ_RUNS (default 350) is the number of cases over all routes, FUZZ_SEED the seed;
 * `npm run bench -- --fuzz` runs thousands.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 350);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);

// No stream consumer: between two scans of the table, only the fuzzed requests write to it.
const stack = useTestStack({ streamConsumer: false });
let fixtures: FuzzFixtures;
let runner: FuzzRunner;

beforeAll(async () => {
  fixtures = await prepareFuzz({ baseUrl: stack.baseUrl, tableName: process.env.TABLE_NAME ?? '', dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? '' });
  runner = new FuzzRunner(fixtures);
});
afterAll(() => runner?.close());

const routes = fuzzedRoutes(TOTAL_RUNS);

describe(`fuzzing every route (${routes.reduce((all, { runs }) => all + runs, 0)} cases, seed ${SEED})`, () => {
  routes.forEach(({ route, key, runs }, index) => {
    it(`${key} (${runs} cases)`, { timeout: 120_000 }, () =>
      assertRoute(route, fixtures, runner, { numRuns: runs, seed: SEED + index, timeLimitMs: 100_000 }).catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : String(error)}\n(FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL_RUNS} runs the same cases)`);
      }),
    );
  });
});
