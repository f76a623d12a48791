/**
 * `npm run bench`: starts the local stack (npm start, in its own process, on a temporary data
 * folder), then measures availability checks and booking creation at 1 and 32 concurrent clients
 * with autocannon, the same DynamoDB calls issued directly as the floor, and the last-unit
 * contention result; first, each function bundle's size and cold import time against an empty
 * handler (`npm run bench -- --bundles` stops there). Prints tables and JSON (also written to
 * test-results/bench.json).
 */
import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bundleDir, bundleFunctions } from '../../infra/bundle-functions.ts';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freePort } from '../../infra/local/free-port.ts';
import { functionEnvironment, LOCAL_TABLE_NAME } from '../../infra/local/environment.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';

const root = resolve(import.meta.dirname, '..', '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const UNITS = 100;

type Figures = { p50: number; p99: number; rps: number; requests: number; errors: number };

async function startStack() {
  const dataDir = mkdtempSync(join(tmpdir(), 'resort-bench-'));
  const port = await freePort();
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['infra/local/start.ts'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  const dynamodb = /DynamoDB Local: (\S+)/.exec(output)?.[1] ?? '';
  const { jwtSecret } = JSON.parse(readFileSync(join(dataDir, 'local-secrets.json'), 'utf8')) as { jwtSecret: string };
  const stop = async () => {
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGINT');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, port, dynamodb, jwtSecret, stop };
}

async function cannon(url: string, connections: number, request: () => { path: string; body: string; headers: Record<string, string> }): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...request() }) }],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), requests: result.requests.total, errors: result.non2xx + result.errors };
}

/** Runs `operation` from `connections` loops for the bench duration; latency percentiles in ms. */
async function floor(connections: number, operation: (i: number) => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let counter = 0;
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await operation(counter++);
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return { p50: at(0.5), p99: at(0.99), rps: Math.round(latencies.length / SECONDS), requests: latencies.length, errors };
}

const COLD_RUNS = 5;

/** Median wall time of `import()` of a bundle in fresh Node processes (what a cold start pays for code). */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const env = { ...process.env, TABLE_NAME: 'bench', STAGE: 'bench', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
  const times = Array.from({ length: COLD_RUNS }, () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`Importing ${file} failed: ${run.stderr}`);
    return Number(run.stdout);
  }).sort((a, b) => a - b);
  return Math.round((times[Math.floor(COLD_RUNS / 2)] ?? 0) * 10) / 10;
}

/** Each deployed bundle's size and cold import time, beside an empty handler's measured in the same run. */
function measureBundles() {
  const bundles = bundleFunctions();
  const emptyFile = join(bundleDir, '_empty-handler', 'index.mjs');
  mkdirSync(join(bundleDir, '_empty-handler'), { recursive: true });
  writeFileSync(emptyFile, 'export const handler = async () => ({ statusCode: 200 });\n');
  const empty = coldImportMs(emptyFile);
  const rows = Object.entries(bundles).map(([module, dir]) => {
    const file = join(dir, 'index.mjs');
    const ms = coldImportMs(file);
    return { module, kb: Math.round(statSync(file).size / 102.4) / 10, coldImportMs: ms, overEmptyMs: Math.round((ms - empty) * 10) / 10 };
  });
  rmSync(join(bundleDir, '_empty-handler'), { recursive: true, force: true });
  return { emptyHandlerMs: empty, runsPerBundle: COLD_RUNS, bundles: rows.sort((a, b) => b.kb - a.kb) };
}

async function main() {
  console.error(`Measuring bundle sizes and cold imports (${COLD_RUNS} fresh processes each)...`);
  const bundleReport = measureBundles();
  console.log('\n| bundle | size KB | cold import ms (median) | over empty handler ms |');
  console.log('|---|---|---|---|');
  for (const row of bundleReport.bundles) console.log(`| ${row.module} | ${row.kb} | ${row.coldImportMs} | ${row.overEmptyMs} |`);
  console.log(`| (empty handler) | 0.1 | ${bundleReport.emptyHandlerMs} | 0 |`);
  if (process.argv.includes('--bundles')) {
    console.log(JSON.stringify(bundleReport, null, 2));
    return;
  }

  console.error(`Starting the local stack and measuring for ${SECONDS} s per run...`);
  const stack = await startStack();
  try {
    Object.assign(process.env, functionEnvironment({ tableName: LOCAL_TABLE_NAME, dynamodbEndpoint: stack.dynamodb, port: stack.port, jwtSecret: stack.jwtSecret, outboxDir: join(tmpdir(), 'resort-bench-outbox') }));
    const [{ cottages }, { documentClient, tableName }, lib, keys] = await Promise.all([
      import('../../functions/lib/db/catalog.ts'),
      import('../../functions/lib/db/client.ts'),
      import('@aws-sdk/lib-dynamodb'),
      import('../../functions/lib/db/keys.ts'),
    ]);
    const [template] = (await cottages.list()).filter((cottage) => cottage.type === 'kingfisher-villa');
    if (!template) throw new Error('no kingfisher villa seeded');
    const unitIds = Array.from({ length: UNITS }, (_, index) => `bench-${String(index).padStart(3, '0')}`);
    await Promise.all(unitIds.map((id) => cottages.put({ ...template, id, name: `Bench ${id}` })));

    const today = resortToday();
    const availabilityBody = JSON.stringify({ checkIn: addDaysIso(today, 30), checkOut: addDaysIso(today, 32), guests: 2, rooms: 1 });
    const availability = () => ({ path: '/api/cottages/bench-000/availability', body: availabilityBody, headers: { 'content-type': 'application/json' } });
    let bookingCounter = 0;
    const nextStay = (i: number) => ({ unit: unitIds[i % UNITS] ?? 'bench-000', checkIn: addDaysIso(today, 1 + Math.floor(i / UNITS)) });
    const booking = () => {
      const { unit, checkIn } = nextStay(bookingCounter++);
      const body = { cottageType: unit, checkIn, checkOut: addDaysIso(checkIn, 1), adults: 2, children: 0, packageId: 'forest-retreat', guestDetails: { firstName: 'Bench', lastName: 'Guest', email: 'bench@example.in', phone: '9876543210' }, paymentMethod: 'offline', acceptTerms: true };
      return { path: '/api/bookings', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() } };
    };

    // The floor: the DynamoDB calls each route makes, in the same order, straight from the SDK.
    const { GetCommand, QueryCommand, TransactWriteCommand } = lib;
    const get = (key: Record<string, string>) => documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    const query = (pk: string, index?: string) => documentClient.send(new QueryCommand({ TableName: tableName, ...(index ? { IndexName: index } : {}), KeyConditionExpression: `${index ? 'gsi1pk' : 'pk'} = :pk`, ExpressionAttributeValues: { ':pk': pk } }));
    const availabilityFloor = async () => {
      await get(keys.cottageKeys.item('bench-000'));
      await Promise.all([query(keys.cottageKeys.item('bench-000').pk), query('PRICING_RULES', 'gsi1')]);
      await query('AUDIENCE#admin', 'gsi1');
    };
    let floorCounter = 0;
    const bookingFloor = async () => {
      const { unit, checkIn } = nextStay(50_000 + floorCounter++);
      const id = randomUUID();
      await get(keys.idempotencyKeys.item('create-booking', id));
      await Promise.all([get(keys.cottageKeys.item(unit)), get(keys.packageKeys.item('forest-retreat')), query('PRICING_RULES', 'gsi1')]);
      await query(keys.cottageKeys.item(unit).pk);
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...keys.bookingKeys.item(id), entity: 'floor' }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: tableName, Item: { ...keys.bookingKeys.reference(id), entity: 'floor' }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: tableName, Item: { ...keys.idempotencyKeys.item('floor', id), entity: 'floor' }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: tableName, Item: { ...keys.cottageKeys.night(`floor-${unit}`, checkIn), entity: 'floor' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      );
      await query('AUDIENCE#admin', 'gsi1');
    };

    // Warm both paths (JIT in Node and in DynamoDB Local's JVM) before anything is measured.
    await cannon(stack.base, 8, availability);
    await floor(8, availabilityFloor);

    const runs: Record<string, { api: Figures; floor: Figures; ratioP50: number; ratioThroughput: number }> = {};
    for (const connections of [1, 32]) {
      for (const [name, request, floorOperation] of [['availability', availability, availabilityFloor], ['create-booking', booking, bookingFloor]] as const) {
        console.error(`  ${name} at ${connections} client(s)...`);
        const api = await cannon(stack.base, connections, request);
        const raw = await floor(connections, floorOperation);
        runs[`${name} c=${connections}`] = { api, floor: raw, ratioP50: Math.round((api.p50 / Math.max(raw.p50, 0.01)) * 100) / 100, ratioThroughput: Math.round((raw.rps / Math.max(api.rps, 1)) * 100) / 100 };
      }
    }

    console.error('  contention: 200 requests for the last unit...');
    const contentionBody = JSON.stringify({ cottageType: 'glass-cottage', checkIn: addDaysIso(today, 300), checkOut: addDaysIso(today, 303), adults: 2, children: 0, packageId: 'forest-retreat', guestDetails: { firstName: 'Race', lastName: 'Guest', email: 'race@example.in', phone: '9876543210' }, paymentMethod: 'offline', acceptTerms: true });
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${stack.base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: contentionBody }).then((response) => response.status)),
    );
    const contention = { requests: 200, created: statuses.filter((status) => status === 201).length, conflicts: statuses.filter((status) => status === 409).length, other: statuses.filter((status) => status !== 201 && status !== 409).length, ms: Math.round(performance.now() - started) };

    const report = { seconds: SECONDS, machine: `${process.platform} ${process.arch}, node ${process.version}`, runs, contention, bundles: bundleReport };
    console.log('\n| run | API p50 ms | API p99 ms | API req/s | floor p50 ms | floor p99 ms | floor ops/s | p50 API/floor | errors |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [name, run] of Object.entries(runs)) {
      console.log(`| ${name} | ${run.api.p50} | ${run.api.p99} | ${run.api.rps} | ${run.floor.p50} | ${run.floor.p99} | ${run.floor.rps} | ${run.ratioP50} | ${run.api.errors} |`);
    }
    console.log(`\nContention: ${contention.requests} requests for the last unit -> ${contention.created} booking, ${contention.conflicts} x 409, ${contention.other} other, in ${contention.ms} ms\n`);
    console.log(JSON.stringify(report, null, 2));
    mkdirSync(join(root, 'test-results'), { recursive: true });
    writeFileSync(join(root, 'test-results', 'bench.json'), JSON.stringify(report, null, 2));
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
