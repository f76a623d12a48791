/**
 * `npm run bench -- --fuzz`: every route of the route table fuzzed with thousands of cases
 * (FUZZ_RUNS, default 4000 over all routes; FUZZ_SEED) by the cases of test/support/route-fuzz.ts,
 * on a local stack of its own: DynamoDB Local in memory, the sample resort, the local server without
 * its stream consumer (so that only the requests write to the table between two scans). Prints the
 * routes fuzzed, the cases tried, the answers by status class, the 5xx found and the items refused
 * requests left in the table (0 expected for both), each failing route with its shrunk request,
 * and writes test-results/bench-fuzz.json.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { functionEnvironment } from '../../infra/local/environment.ts';
import { freePort } from '../../infra/local/free-port.ts';
import type { LocalServer } from '../../infra/local/server.ts';
import { buildWeb, webRoot } from '../../infra/local/web-build.ts';
import {
  assertRoute,
  describeOutcome,
  FuzzRunner,
  fuzzedRoutes,
  prepareFuzz,
  requestArbitrary,
  WRITTEN_BY_REFUSALS,
  type Outcome,
} from '../support/route-fuzz.ts';

const root = resolve(import.meta.dirname, '..', '..');
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
/** How long shrinking one failing route may take. */
const SHRINK_MS = 60_000;

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export async function fuzzOnly(): Promise<void> {
  // The SDK's notice that its 2027 releases need Node 22 is for people, not for this report (vitest.config.ts does the same).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // The server serves the built site beside /api; the fuzz needs only that it exists.
  if (!existsSync(join(webRoot, 'index.html'))) await buildWeb();
  const database = await startDynamoDbLocal();
  let server: LocalServer | undefined;
  try {
    await fuzz(database.endpoint, (started) => (server = started));
  } finally {
    await server?.close({ drain: false });
    await database.stop();
  }
}

async function fuzz(endpoint: string, onServer: (server: LocalServer) => void): Promise<void> {
  const started = performance.now();
  const port = await freePort();
  const tableName = `fuzz-${randomUUID()}`;
  Object.assign(
    process.env,
    functionEnvironment({
      tableName,
      dynamodbEndpoint: endpoint,
      port,
      jwtSecret: randomBytes(48).toString('base64url'),
      outboxDir: join(tmpdir(), `resort-fuzz-outbox-${randomUUID()}`),
    }),
  );
  // The function modules read the environment when they load: only now.
  const { ensureTable } = await import('../../infra/local/ensure-table.ts');
  const { seedSampleData } = await import('../../infra/local/seed.ts');
  const { startLocalServer } = await import('../../infra/local/server.ts');
  await ensureTable(endpoint, tableName);
  await seedSampleData();
  onServer(await startLocalServer({ port, stage: 'local', paymentMode: 'test', webRoot, streamConsumer: false }));
  const baseUrl = `http://127.0.0.1:${port}`;
  const fixtures = await prepareFuzz({ baseUrl, tableName, dynamodbEndpoint: endpoint });
  const runner = new FuzzRunner(fixtures);
  const routes = fuzzedRoutes(TOTAL_RUNS);
  console.error(`Fuzzing ${routes.length} routes, ${routes.reduce((all, { runs }) => all + runs, 0)} cases (seed ${SEED})...`);
  const byStatus: Record<string, number> = {};
  const byClass: Record<string, number> = {};
  const failures: Array<{ route: string; outcome: Outcome; shrunk?: string }> = [];
  let cases = 0;
  let serverErrors = 0;
  let itemsLeft = 0;
  let countersWritten = 0;
  for (const [index, { route, key, runs }] of routes.entries()) {
    const requests = fc.sample(requestArbitrary(route, fixtures), { numRuns: runs, seed: SEED + index });
    let failed: Outcome | undefined;
    for (const request of requests) {
      const outcome = await runner.send(request);
      cases += 1;
      byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
      byClass[statusClass(outcome.status)] = (byClass[statusClass(outcome.status)] ?? 0) + 1;
      if (outcome.status >= 500 && outcome.problems.length) serverErrors += 1;
      itemsLeft += outcome.left.length;
      countersWritten += outcome.excused.length;
      if (outcome.problems.length && !failed) failed = outcome;
    }
    if (failed) {
      console.error(`  ${key}: FAILED, shrinking...`);
      // The same cases again through fast-check, which shrinks the first failing one.
      const shrunk = await assertRoute(route, fixtures, runner, { numRuns: runs, seed: SEED + index, timeLimitMs: SHRINK_MS }).then(
        () => 'not found again (it depended on the state the earlier cases left)',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      failures.push({ route: key, outcome: failed, shrunk });
    }
  }
  runner.close();
  const report = {
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    seed: SEED,
    seconds: Math.round((performance.now() - started) / 1000),
    routesFuzzed: routes.length,
    cases,
    answersByStatusClass: byClass,
    answersByStatus: byStatus,
    serverErrorsFound: serverErrors,
    itemsLeftByRefusedRequests: itemsLeft,
    countersWrittenByRefusals: countersWritten,
    excusedItems: WRITTEN_BY_REFUSALS,
    failures: failures.map(({ route, outcome, shrunk }) => ({ route, firstFailure: describeOutcome(outcome), shrunk })),
  };
  console.log(`\nRoutes fuzzed: ${report.routesFuzzed} (seed ${SEED})`);
  console.log(`Cases tried: ${cases} in ${report.seconds} s`);
  console.log(
    `Answers by status class: ${Object.entries(byClass)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}`,
  );
  console.log(
    `Answers by status: ${Object.entries(byStatus)
      .map(([status, count]) => `${status} ${count}`)
      .join(', ')}`,
  );
  console.log(`5xx found: ${serverErrors} (0 expected)`);
  console.log(`Table items left by refused requests: ${itemsLeft} (0 expected; besides ${countersWritten} sign-in and lookup counters, which refusals keep)`);
  for (const failure of report.failures) console.log(`\nFAILED ${failure.route}\n${failure.firstFailure}\nshrunk: ${failure.shrunk}`);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const file = join(root, 'test-results', 'bench-fuzz.json');
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`\nAll figures: ${relative(root, file)}`);
  if (failures.length) throw new Error(`${failures.length} route(s) failed the fuzz: ${failures.map((failure) => failure.route).join(', ')}`);
}
