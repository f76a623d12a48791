/**
 * `npm run bench`: first the function bundles, then the local stack under load.
 *
 * Bundles (`npm run bench -- --bundles` stops there and adds the metafile report per function):
 * every deployed function and the floor handler (test/load/floor-handler.ts: the DynamoDB document
 * client and one GetCommand) are bundled with the same esbuild options, then each is imported in
 * fresh Node processes with a Lambda-like environment, with and without
 * NODE_OPTIONS=--enable-source-maps (test/load/cold-probe.mjs), round-robin so that drift spreads
 * evenly; medians. HTTP functions are judged against issue 16's budget: bundle <= floor + 60 KB,
 * cold import (deployed NODE_OPTIONS) <= 1.25 x the floor's.
 *
 * Load: starts `npm start` in its own process on a temporary data folder, measures availability
 * checks and booking creation at 1 and 32 concurrent clients with autocannon against the same
 * DynamoDB calls issued directly (the floor), the time from a booking's 201 to the admin socket's
 * `new-booking` frame, and the last-unit contention result. Prints tables and JSON (also written to
 * test-results/bench.json; `--bundles` writes test-results/bench-bundles.json).
 *
 * Web (last, on the same stack; `npm run bench -- --web` does only this part and writes
 * test-results/bench-web.json): the guest site's lab metrics in Chromium as a phone with a 4x
 * slower CPU: LCP and CLS of `/` against issue 8's targets, the guest's initial JavaScript (gzip)
 * and the time a scripted guest takes from opening `/` to a booking (test/load/web-vitals.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { Metafile } from 'esbuild';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { handlerModule, httpRoutes, jobs, secretRotations, streamConsumers, wsRoutes } from '../../functions/routes.ts';
import { buildBundles, bundleDir, bundleFunctions, loadedAtImport, METAFILE_NAME } from '../../infra/bundle-functions.ts';
import { freePort } from '../../infra/local/free-port.ts';
import { DEFAULT_ADMIN, functionEnvironment, LOCAL_STAGE, LOCAL_TABLE_NAME } from '../../infra/local/environment.ts';
import { buildWeb, webBuildIsStale } from '../../infra/local/web-build.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { formatPackageReport, outputKey, packageBytes, packageReport, type PackageBytes } from './bundle-report.ts';
import { measureWeb, printWeb, type WebReport } from './web-vitals.ts';
import { soakOnly } from './soak.ts';
import { measureSignInBurst } from './sign-in-burst.ts';

const root = resolve(import.meta.dirname, '..', '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 21);
/** The first error's stack is timed in this many of the COLD_RUNS rounds (it adds a map parse to the run). */
const STACK_RUNS = Math.min(COLD_RUNS, Number(process.env.BENCH_STACK_RUNS ?? 3));
const FRAME_BOOKINGS = Number(process.env.BENCH_FRAME_BOOKINGS ?? 50);
const FRAME_TIMEOUT_MS = 10_000;
const UNITS = 100;
const BUDGET = { overFloorKb: 60, coldRatio: 1.25 };
const SOURCE_MAPS = '--enable-source-maps';

type Figures = { p50: number; p99: number; rps: number; requests: number; errors: number };

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The median of the values given (undefined ones, from runs that did not measure it, are skipped). */
const median = (values: Array<number | undefined>) => {
  const sorted = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** Nearest-rank percentile of an already sorted list. */
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

// ---------------------------------------------------------------------------------------------
// Bundles and cold starts
// ---------------------------------------------------------------------------------------------

type Kind = 'http' | 'ws' | 'job' | 'stream' | 'rotation' | 'floor';

function kindOf(module: string): Kind {
  if (httpRoutes.some((route) => handlerModule(route) === module)) return 'http';
  if (wsRoutes.some((route) => route.handler === module)) return 'ws';
  if (streamConsumers.some((consumer) => consumer.handler === module)) return 'stream';
  if (jobs.some((job) => job.handler === module)) return 'job';
  if (secretRotations.some((rotation) => rotation.handler === module)) return 'rotation';
  throw new Error(`${module} is bundled but is no route, WebSocket route, job, stream consumer or secret rotation`);
}

/**
 * The NODE_OPTIONS the stack gives its functions, read from the CDK code that sets it (infra/, not
 * the local runtime) so that the verdict follows the stack; the bench measures with and without
 * source maps regardless.
 */
function deployedNodeOptions(): { value: string; source: string } {
  const infra = join(root, 'infra');
  const files = readdirSync(infra, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('local') && !file.startsWith('edge'))
    .sort();
  for (const file of files) {
    const text = readFileSync(join(infra, file), 'utf8');
    if (!text.includes('NODE_OPTIONS')) continue;
    const literal = /NODE_OPTIONS:\s*(['"`])(.*?)\1/.exec(text);
    if (literal) return { value: literal[2] ?? '', source: `infra/${file}` };
    return { value: SOURCE_MAPS, source: `assumed: NODE_OPTIONS in infra/${file} is not a string literal` };
  }
  return { value: '', source: 'not set anywhere in infra/' };
}

/**
 * What a Lambda function's process sees at init: the runtime's variables, the stack's (STAGE,
 * TABLE_NAME and the optional ones functions validate at init) and nothing from this shell.
 */
function lambdaEnvironment(module: string, nodeOptions: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: `ForestResort-bench-${module.replaceAll('/', '-')}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_ACCESS_KEY_ID: 'ASIABENCHBENCHBENCH0',
    AWS_SECRET_ACCESS_KEY: 'bench-secret-access-key',
    AWS_SESSION_TOKEN: 'bench-session-token',
    STAGE: 'bench',
    TABLE_NAME: 'ForestResort-bench-Table',
    WS_MANAGEMENT_ENDPOINT: 'https://abcdef1234.execute-api.us-east-1.amazonaws.com/bench',
    JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111122223333:secret:bench-jwt-AbCdEf',
    PAYMENT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111122223333:secret:bench-payment-AbCdEf',
    MAIL_FROM: 'bookings@resort.example',
    // The SDK warns once on Node 20 (Lambda runs 22, where it does not): not part of a cold start.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
}

type Probe = {
  importMs: number;
  importCpuMs: number;
  firstStackMs?: number;
  firstStackCpuMs?: number;
  lazyMapMs?: number;
  lazyMapCpuMs?: number;
  trapped?: boolean;
  bundleFrames?: number;
  mappedFrames?: number;
  lazyTopFrame?: string;
};

function probe(file: string, module: string, nodeOptions: string, stack: 'no' | 'trap' | 'map'): Probe {
  const args = stack === 'no' ? [] : stack === 'trap' ? ['--stack', '--trap'] : ['--stack'];
  const run = spawnSync(process.execPath, [join(import.meta.dirname, 'cold-probe.mjs'), file, ...args], {
    env: lambdaEnvironment(module, nodeOptions),
    encoding: 'utf8',
    timeout: 30_000,
  });
  const line = /@@cold-probe (.*)/.exec(run.stdout ?? '')?.[1];
  if (run.status !== 0 || !line) throw new Error(`Importing ${module} (${nodeOptions || 'no NODE_OPTIONS'}) failed: ${run.stderr || run.error}`);
  return JSON.parse(line) as Probe;
}

type Measured = {
  module: string;
  kind: Kind;
  /** What its cold start loads: index.mjs and the chunks it imports statically. */
  kb: number;
  /** Chunks only a dynamic import reaches (loaded on first use, if ever). */
  lazyKb: number;
  mapKb: number;
  withoutMaps: { importMs: number; importCpuMs: number; firstErrorStackMs: number; lazyMapMs: number; lazyMapCpuMs: number };
  withMaps: { importMs: number; importCpuMs: number; firstErrorStackMs: number; firstErrorStackCpuMs: number; stackMapped: boolean };
  lazyTopFrame?: string;
  packages: PackageBytes[];
  bytes: number;
};

type BundleTarget = { module: string; kind: Kind; file: string; metafile: Metafile; metaKey: string };

/**
 * COLD_RUNS rounds, each over every bundle in turn (so drift in the machine's load spreads evenly),
 * with and without source maps in alternating order; the first STACK_RUNS rounds also time the
 * first error. The files are read once first, so that no bundle pays for a cold page cache.
 */
function measureColdStarts(targets: BundleTarget[]): Measured[] {
  for (const target of targets) {
    readFileSync(target.file);
    readFileSync(`${target.file}.map`);
  }
  if (targets[0]) probe(targets[0].file, targets[0].module, '', 'no'); // Node's own files, once
  const samples = new Map(targets.map((target) => [target.module, { plain: [] as Probe[], maps: [] as Probe[] }]));
  for (let roundIndex = 0; roundIndex < COLD_RUNS; roundIndex += 1) {
    process.stderr.write(` ${roundIndex + 1}`);
    for (const target of targets) {
      // Jobs never read their event: their first-error cost is the map parse (see cold-probe.mjs).
      const stack = roundIndex >= STACK_RUNS ? 'no' : target.kind === 'job' ? 'map' : 'trap';
      const order = roundIndex % 2 ? (['maps', 'plain'] as const) : (['plain', 'maps'] as const);
      for (const mode of order) samples.get(target.module)?.[mode].push(probe(target.file, target.module, mode === 'maps' ? SOURCE_MAPS : '', stack));
    }
  }
  process.stderr.write('\n');
  return targets.map((target) => {
    const { plain, maps } = samples.get(target.module) ?? { plain: [], maps: [] };
    const loaded = loadedAtImport(target.metafile, target.metaKey);
    const { bytes, packages } = packageBytes(target.metafile, loaded.files);
    return {
      module: target.module,
      kind: target.kind,
      kb: round(loaded.bytes / 1024),
      lazyKb: round(loaded.lazyBytes / 1024),
      mapKb: round(statSync(`${target.file}.map`).size / 1024),
      withoutMaps: {
        importMs: round(median(plain.map((run) => run.importMs))),
        importCpuMs: round(median(plain.map((run) => run.importCpuMs))),
        firstErrorStackMs: round(median(plain.map((run) => run.firstStackMs)), 2),
        lazyMapMs: round(median(plain.map((run) => run.lazyMapMs))),
        lazyMapCpuMs: round(median(plain.map((run) => run.lazyMapCpuMs))),
      },
      withMaps: {
        importMs: round(median(maps.map((run) => run.importMs))),
        importCpuMs: round(median(maps.map((run) => run.importCpuMs))),
        firstErrorStackMs: round(median(maps.map((run) => run.firstStackMs))),
        firstErrorStackCpuMs: round(median(maps.map((run) => run.firstStackCpuMs))),
        stackMapped: maps.some((run) => (run.mappedFrames ?? 0) > 0 && run.bundleFrames === 0),
      },
      ...(plain.find((run) => run.lazyTopFrame)?.lazyTopFrame ? { lazyTopFrame: plain.find((run) => run.lazyTopFrame)?.lazyTopFrame } : {}),
      packages,
      bytes,
    };
  });
}

function measureBundles() {
  const started = performance.now();
  const loadBefore = round(loadavg()[0] ?? 0, 2);
  const deployed = deployedNodeOptions();
  const deployedWithMaps = deployed.value.split(/\s+/).includes(SOURCE_MAPS);
  bundleFunctions();
  const functionsMeta = JSON.parse(readFileSync(join(bundleDir, METAFILE_NAME), 'utf8')) as Metafile;
  const floorDir = join(root, '.build', 'bench-floor');
  rmSync(floorDir, { recursive: true, force: true });
  // Split like the HTTP functions (infra/bundle-functions.ts), so both are measured the same way.
  const floorMeta = buildBundles({ 'floor/index': join(import.meta.dirname, 'floor-handler.ts') }, floorDir, [], true);

  const floorTarget: BundleTarget = {
    module: '(floor: document client + GetCommand)',
    kind: 'floor',
    file: join(floorDir, 'floor', 'index.mjs'),
    metafile: floorMeta,
    metaKey: outputKey(floorMeta, 'floor/index.mjs'),
  };
  const modules = Object.keys(functionsMeta.outputs)
    .filter((key) => key.endsWith('/index.mjs'))
    .map((key) => relative(bundleDir, resolve(root, key)).replace(/\/index\.mjs$/, ''))
    .sort();
  const targets = [
    floorTarget,
    ...modules.map((module): BundleTarget => ({
      module,
      kind: kindOf(module),
      file: join(bundleDir, module, 'index.mjs'),
      metafile: functionsMeta,
      metaKey: outputKey(functionsMeta, `${module}/index.mjs`),
    })),
  ];
  console.error(`Measuring cold imports of ${targets.length} bundles: ${COLD_RUNS} fresh Node processes each, with and without ${SOURCE_MAPS}...`);
  const [floor, ...functions] = measureColdStarts(targets);
  if (!floor) throw new Error('no floor measured');

  const deployedImport = (row: Measured) => (deployedWithMaps ? row.withMaps : row.withoutMaps);
  const floorMs = deployedImport(floor).importMs;
  const floorCpuMs = deployedImport(floor).importCpuMs;
  const rows = functions.map((row) => {
    const coldImportMs = deployedImport(row).importMs;
    const coldImportCpuMs = deployedImport(row).importCpuMs;
    const overFloorKb = round(row.kb - floor.kb);
    const ratioToFloor = round(coldImportMs / Math.max(floorMs, 0.1), 2);
    const cpuRatioToFloor = round(coldImportCpuMs / Math.max(floorCpuMs, 0.1), 2);
    const sizeOk = overFloorKb <= BUDGET.overFloorKb;
    const coldOk = coldImportMs <= BUDGET.coldRatio * floorMs;
    const coldCpuOk = coldImportCpuMs <= BUDGET.coldRatio * floorCpuMs;
    const report = packageReport({ bytes: row.bytes, packages: row.packages }, floor.packages);
    return {
      module: row.module,
      kind: row.kind,
      kb: row.kb,
      lazyKb: row.lazyKb,
      overFloorKb,
      coldImportMs,
      ratioToFloor,
      coldImportCpuMs,
      cpuRatioToFloor,
      budget:
        row.kind === 'http'
          ? { sizeOk, coldOk, coldCpuOk, verdict: sizeOk && coldOk ? 'PASS' : 'FAIL', verdictByCpu: sizeOk && coldCpuOk ? 'PASS' : 'FAIL' }
          : undefined,
      sourceMaps: {
        mapKb: row.mapKb,
        importWithoutMs: row.withoutMaps.importMs,
        importWithMs: row.withMaps.importMs,
        costMs: round(row.withMaps.importMs - row.withoutMaps.importMs),
        ratio: round(row.withMaps.importMs / Math.max(row.withoutMaps.importMs, 0.1), 2),
        importCpuWithoutMs: row.withoutMaps.importCpuMs,
        importCpuWithMs: row.withMaps.importCpuMs,
        costCpuMs: round(row.withMaps.importCpuMs - row.withoutMaps.importCpuMs),
        ratioCpu: round(row.withMaps.importCpuMs / Math.max(row.withoutMaps.importCpuMs, 0.1), 2),
        firstErrorStackWithMs: row.withMaps.firstErrorStackMs,
        firstErrorStackWithCpuMs: row.withMaps.firstErrorStackCpuMs,
        firstErrorStackWithoutMs: row.withoutMaps.firstErrorStackMs,
        lazyMapAtFirstErrorMs: row.withoutMaps.lazyMapMs,
        lazyMapAtFirstErrorCpuMs: row.withoutMaps.lazyMapCpuMs,
        stackMapped: row.withMaps.stackMapped,
      },
      ...(row.lazyTopFrame ? { lazyTopFrame: row.lazyTopFrame } : {}),
      packages: report,
    };
  });
  const http = rows.filter((row) => row.kind === 'http');
  return {
    node: process.version,
    runsPerBundle: COLD_RUNS,
    deployedNodeOptions: deployed,
    budget: { ...BUDGET, appliesTo: 'http functions', coldImportMeasuredWith: deployedWithMaps ? SOURCE_MAPS : 'no NODE_OPTIONS' },
    floor: {
      module: floor.module,
      kb: floor.kb,
      lazyKb: floor.lazyKb,
      coldImportMs: floorMs,
      coldImportCpuMs: floorCpuMs,
      sourceMaps: {
        mapKb: floor.mapKb,
        importWithoutMs: floor.withoutMaps.importMs,
        importWithMs: floor.withMaps.importMs,
        costMs: round(floor.withMaps.importMs - floor.withoutMaps.importMs),
        importCpuWithoutMs: floor.withoutMaps.importCpuMs,
        importCpuWithMs: floor.withMaps.importCpuMs,
        costCpuMs: round(floor.withMaps.importCpuMs - floor.withoutMaps.importCpuMs),
        firstErrorStackWithMs: floor.withMaps.firstErrorStackMs,
        lazyMapAtFirstErrorMs: floor.withoutMaps.lazyMapMs,
      },
      packages: floor.packages.map((entry) => ({ name: entry.name, kb: round(entry.bytes / 1024) })),
    },
    functions: rows.sort((a, b) => b.kb - a.kb),
    summary: {
      http: {
        count: http.length,
        pass: http.filter((row) => row.budget?.verdict === 'PASS').length,
        withinSize: http.filter((row) => row.budget?.sizeOk).length,
        withinCold: http.filter((row) => row.budget?.coldOk).length,
        passByCpu: http.filter((row) => row.budget?.verdictByCpu === 'PASS').length,
        withinColdByCpu: http.filter((row) => row.budget?.coldCpuOk).length,
        medianKb: round(median(http.map((row) => row.kb))),
        medianOverFloorKb: round(median(http.map((row) => row.overFloorKb))),
        medianColdImportMs: round(median(http.map((row) => row.coldImportMs))),
        medianRatioToFloor: round(median(http.map((row) => row.ratioToFloor)), 2),
        medianColdImportCpuMs: round(median(http.map((row) => row.coldImportCpuMs))),
        medianCpuRatioToFloor: round(median(http.map((row) => row.cpuRatioToFloor)), 2),
      },
      sourceMaps: {
        medianCostMs: round(median(rows.map((row) => row.sourceMaps.costMs))),
        medianRatio: round(median(rows.map((row) => row.sourceMaps.ratio)), 2),
        medianCostCpuMs: round(median(rows.map((row) => row.sourceMaps.costCpuMs))),
        medianRatioCpu: round(median(rows.map((row) => row.sourceMaps.ratioCpu)), 2),
        medianFirstErrorStackWithMs: round(median(rows.map((row) => row.sourceMaps.firstErrorStackWithMs))),
        medianLazyMapAtFirstErrorMs: round(median(rows.map((row) => row.sourceMaps.lazyMapAtFirstErrorMs))),
        floorCostMs: round(floor.withMaps.importMs - floor.withoutMaps.importMs),
        floorCostCpuMs: round(floor.withMaps.importCpuMs - floor.withoutMaps.importCpuMs),
      },
    },
    loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2), cores: availableParallelism() },
    seconds: round((performance.now() - started) / 1000),
  };
}

type BundleReport = ReturnType<typeof measureBundles>;

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value}`;

function printBundles(report: BundleReport, withPackages: boolean) {
  const { floor, functions, summary } = report;
  const mode = report.budget.coldImportMeasuredWith;
  console.log(
    `\nBundles: ${functions.length} functions and the floor, bundled with the same esbuild options. Cold import: median of ${report.runsPerBundle} fresh Node ${report.node}`,
  );
  console.log(
    `processes each, with the deployed environment (NODE_OPTIONS '${report.deployedNodeOptions.value}', from ${report.deployedNodeOptions.source}); wall ms, and the`,
  );
  console.log(
    `process's CPU ms over the same import, which other load on the machine disturbs less (load average ${report.loadAverage.before} -> ${report.loadAverage.after} on ${report.loadAverage.cores} cores).`,
  );
  console.log(
    `Budget for HTTP functions (issue 16): bundle <= floor + ${BUDGET.overFloorKb} KB and cold import <= ${BUDGET.coldRatio} x floor (judged on wall ms; "cpu PASS/FAIL" when the CPU figure disagrees).\n`,
  );
  console.log('KB: what a cold start loads (index.mjs and the chunks it imports statically); lazy KB: chunks loaded on first use, if ever.\n');
  console.log(`| function | kind | KB | lazy KB | over floor KB | cold import ms (${mode}) | x floor | CPU ms | CPU x floor | budget |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(`| ${floor.module} | floor | ${floor.kb} | ${floor.lazyKb} | 0 | ${floor.coldImportMs} | 1.00 | ${floor.coldImportCpuMs} | 1.00 | |`);
  for (const row of functions) {
    let verdict = '-';
    if (row.budget) {
      const failed = [row.budget.sizeOk ? '' : 'size', row.budget.coldOk ? '' : 'cold'].filter(Boolean).join(', ');
      verdict = `${row.budget.verdict}${failed ? ` (${failed})` : ''}${row.budget.verdictByCpu !== row.budget.verdict ? `; cpu ${row.budget.verdictByCpu}` : ''}`;
    }
    console.log(
      `| ${row.module} | ${row.kind} | ${row.kb} | ${row.lazyKb} | ${signed(row.overFloorKb)} | ${row.coldImportMs} | ${row.ratioToFloor.toFixed(2)} | ${row.coldImportCpuMs} | ${row.cpuRatioToFloor.toFixed(2)} | ${verdict} |`,
    );
  }
  const h = summary.http;
  console.log(
    `\nHTTP functions within budget: ${h.pass}/${h.count} (size ${h.withinSize}/${h.count}, cold import ${h.withinCold}/${h.count}); judged by CPU ms: ${h.passByCpu}/${h.count} (cold import ${h.withinColdByCpu}/${h.count}).`,
  );
  console.log(
    `Median ${h.medianKb} KB (${signed(h.medianOverFloorKb)} over the floor's ${floor.kb}), cold import ${h.medianColdImportMs} ms = ${h.medianRatioToFloor.toFixed(2)} x the floor's ${floor.coldImportMs} ms (CPU ${h.medianColdImportCpuMs} ms = ${h.medianCpuRatioToFloor.toFixed(2)} x ${floor.coldImportCpuMs}).`,
  );

  console.log(
    `\nSource maps (${SOURCE_MAPS}). At cold start: import without and with (wall ms, CPU ms). At the first error: formatting its stack with maps on`,
  );
  console.log('(Node parses the whole map then), without, and the lazy alternative: no flag, read index.mjs.map and map the frames with module.SourceMap');
  console.log('only when an error is logged (nothing at cold start).\n');
  console.log(
    '| function | map KB | import without | with | cost ms | with/without | CPU without | with | CPU cost ms | 1st error stack ms, maps on | maps off | lazy map, 1st error ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const fs = floor.sourceMaps;
  console.log(
    `| ${floor.module} | ${fs.mapKb} | ${fs.importWithoutMs} | ${fs.importWithMs} | ${signed(fs.costMs)} | ${(fs.importWithMs / Math.max(fs.importWithoutMs, 0.1)).toFixed(2)} | ${fs.importCpuWithoutMs} | ${fs.importCpuWithMs} | ${signed(fs.costCpuMs)} | ${fs.firstErrorStackWithMs} | | ${fs.lazyMapAtFirstErrorMs} |`,
  );
  for (const row of functions) {
    const m = row.sourceMaps;
    console.log(
      `| ${row.module} | ${m.mapKb} | ${m.importWithoutMs} | ${m.importWithMs} | ${signed(m.costMs)} | ${m.ratio.toFixed(2)} | ${m.importCpuWithoutMs} | ${m.importCpuWithMs} | ${signed(m.costCpuMs)} | ${m.firstErrorStackWithMs} | ${m.firstErrorStackWithoutMs} | ${m.lazyMapAtFirstErrorMs} |`,
    );
  }
  const sm = summary.sourceMaps;
  console.log(
    `\nSource maps at cold start: median ${signed(sm.medianCostMs)} ms wall (${sm.medianRatio.toFixed(2)} x), ${signed(sm.medianCostCpuMs)} ms CPU (${sm.medianRatioCpu.toFixed(2)} x); floor ${signed(sm.floorCostMs)} ms wall, ${signed(sm.floorCostCpuMs)} ms CPU.`,
  );
  console.log(
    `At the first error: ${sm.medianFirstErrorStackWithMs} ms to format its stack with maps on (under 1 ms with them off); mapping it lazily then costs ${sm.medianLazyMapAtFirstErrorMs} ms.`,
  );
  console.log("(process.setSourceMapsEnabled(true) called after init maps nothing: Node keeps a module's map only if maps were on when it loaded.)");

  if (!withPackages) return;
  console.log(
    `\nWhat takes the space (esbuild metafile, ${relative(root, join(bundleDir, METAFILE_NAME))}): the top 8 packages of each bundle by bytes in the output,`,
  );
  console.log('their share of it, and how much more of each package than the floor carries.\n');
  console.log(
    `${floor.module}: ${floor.kb} KB\n  ${floor.packages
      .slice(0, 8)
      .map((entry) => `${entry.name} ${entry.kb}`)
      .join(', ')}\n`,
  );
  for (const row of functions) {
    const title = `${row.module} (${row.kind}): ${row.kb} KB, ${signed(row.overFloorKb)} KB over the floor${row.budget ? `, ${row.budget.verdict}` : ''}`;
    console.log(`${formatPackageReport(title, row.packages)}\n`);
  }
}

// ---------------------------------------------------------------------------------------------
// The local stack under load
// ---------------------------------------------------------------------------------------------

/** The load books hundreds of unpaid stays from one address: the per-guest limits are lifted (server and floor alike). */
const LIFTED_LIMITS = { OPEN_HOLD_LIMIT: '1000000', UNPAID_STAY_LIMIT: '1000000', UNPAID_NIGHT_LIMIT: '1000000' };

async function startStack() {
  const dataDir = mkdtempSync(join(tmpdir(), 'resort-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: DEFAULT_ADMIN.email,
      ADMIN_PASSWORD: DEFAULT_ADMIN.password,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // The load books hundreds of unpaid stays from one address: the per-guest limits are lifted.
      ...LIFTED_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    if (child.exitCode === null) {
      await new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGINT');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, port, dynamodb, jwtSecret, stop, output: () => output };
}

async function cannon(url: string, connections: number, request: () => { path: string; body: string; headers: Record<string, string> }): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...request() }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.non2xx + result.errors,
  };
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

/** An admin token: the local admin's sign-in, or (if that is refused) one signed with the stack's key. */
async function adminToken(base: string, jwtSecret: string): Promise<{ token: string; via: string }> {
  const response = await fetch(`${base}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: { token?: string } };
  if (response.ok && body.data?.token) return { token: body.data.token, via: 'POST /api/auth/admin-login' };
  const token = await new SignJWT({ role: 'admin', name: DEFAULT_ADMIN.name, email: DEFAULT_ADMIN.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('bench-admin')
    .setIssuer('forest-resort')
    .setAudience(`forest-resort:${LOCAL_STAGE}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));
  return { token, via: `signed with .data/local-secrets.json (admin-login answered ${response.status})` };
}

type FrameLatency = {
  bookings: number;
  created: number;
  framesReceived: number;
  framesMissing: number;
  timeoutMs: number;
  tokenVia: string;
  /** Frame arrival minus the 201's arrival: negative while the frame is sent inside the request. */
  afterResponse: { p50: number; p99: number; min: number; max: number };
  /** Frame arrival minus the request's start. */
  afterRequestStart: { p50: number; p99: number; min: number; max: number };
  response: { p50: number; p99: number };
};

/**
 * The time from a booking's commit (seen as its 201) to the admin socket's `new-booking` frame:
 * one admin socket, `bookings` sequential bookings, frames matched by booking reference whichever
 * comes first; a frame missing after FRAME_TIMEOUT_MS is counted, not waited for again.
 */
async function commitToFrame(
  base: string,
  jwtSecret: string,
  bookings: number,
  nextBooking: () => { path: string; body: string; headers: Record<string, string> },
): Promise<FrameLatency> {
  const { token, via } = await adminToken(base, jwtSecret);
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  const frames = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  let joined: ((outcome: string) => void) | undefined;
  socket.on('message', (raw) => {
    const at = performance.now();
    let message: { event?: string; data?: Record<string, unknown> & { booking?: Record<string, unknown> } };
    try {
      message = JSON.parse(String(raw)) as typeof message;
    } catch {
      return;
    }
    if (message.event === 'joined' || message.event === 'join-refused') joined?.(message.event);
    if (message.event !== 'new-booking') return;
    const data = message.data ?? {};
    const reference = data.booking?.booking_reference ?? data.booking?.bookingReference ?? data.booking_reference ?? data.bookingReference;
    if (typeof reference !== 'string' || frames.has(reference)) return; // a repeated frame (a retried batch) counts once
    frames.set(reference, at);
    waiting.get(reference)?.();
  });
  await new Promise((opened, failed) => {
    socket.once('open', opened);
    socket.once('error', failed);
  });
  try {
    const outcome = await new Promise<string>((done) => {
      joined = done;
      socket.send(JSON.stringify({ action: 'join-admin', token }));
      setTimeout(() => done('timeout'), FRAME_TIMEOUT_MS);
    });
    if (outcome !== 'joined') throw new Error(`The admin socket was not joined (${outcome})`);

    const afterResponse: number[] = [];
    const afterStart: number[] = [];
    const responseTimes: number[] = [];
    let created = 0;
    let missing = 0;
    for (let index = 0; index <= bookings; index += 1) {
      const request = nextBooking();
      const started = performance.now();
      const response = await fetch(`${base}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
      const body = (await response.json().catch(() => ({}))) as { data?: { bookingReference?: string; booking?: { booking_reference?: string } } };
      const answered = performance.now();
      const reference = body.data?.bookingReference ?? body.data?.booking?.booking_reference;
      if (response.status !== 201 || !reference) {
        if (index > 0) console.error(`    booking ${index} answered ${response.status}`);
        continue;
      }
      if (!frames.has(reference)) {
        await new Promise<void>((arrived) => {
          // The first waits for the stream consumer to work off the backlog the load runs left (every
          // booking's frames, feed and e-mail), so the timed ones measure a consumer that keeps up.
          const timer = setTimeout(arrived, index === 0 ? 180_000 : FRAME_TIMEOUT_MS);
          waiting.set(reference, () => {
            clearTimeout(timer);
            arrived();
          });
        });
        waiting.delete(reference);
      }
      if (index === 0) continue; // the first one warms the socket path and fetch's connection
      created += 1;
      const frameAt = frames.get(reference);
      if (frameAt === undefined) {
        missing += 1;
        continue;
      }
      afterResponse.push(frameAt - answered);
      afterStart.push(frameAt - started);
      responseTimes.push(answered - started);
    }
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        p50: round(percentile(sorted, 0.5), 2),
        p99: round(percentile(sorted, 0.99), 2),
        min: round(sorted[0] ?? 0, 2),
        max: round(sorted.at(-1) ?? 0, 2),
      };
    };
    const response = stats(responseTimes);
    return {
      bookings,
      created,
      framesReceived: afterResponse.length,
      framesMissing: missing,
      timeoutMs: FRAME_TIMEOUT_MS,
      tokenVia: via,
      afterResponse: stats(afterResponse),
      afterRequestStart: stats(afterStart),
      response: { p50: response.p50, p99: response.p99 },
    };
  } finally {
    await new Promise<void>((closed) => {
      if (socket.readyState === WebSocket.CLOSED) return closed();
      socket.once('close', () => closed());
      socket.close();
      setTimeout(closed, 2000);
    });
  }
}

/** The production build, as `npm start` serves it (built here first, so the stack starts within its deadline). */
async function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  console.error('Building the web app...');
  await buildWeb();
}

/** `--web`: only the guest site's lab metrics, on its own stack. */
async function webOnly() {
  await ensureWebBuild();
  console.error('Starting the local stack; the guest site on a phone (Chromium, CPU 4x slower)...');
  const started = performance.now();
  const stack = await startStack();
  try {
    const web = await measureWeb(stack.base);
    printWeb(web);
    const report = { machine: `${process.platform} ${process.arch}, node ${process.version}`, seconds: Math.round((performance.now() - started) / 1000), web };
    console.log(`\n${JSON.stringify(report, null, 2)}`);
    const file = join(root, 'test-results', 'bench-web.json');
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`All figures: ${relative(root, file)}`);
  } finally {
    await stack.stop();
  }
}

async function main() {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  if (process.argv.includes('--web')) return webOnly();
  // `--fuzz`: every route fuzzed with thousands of cases (test/load/fuzz.ts, test-results/bench-fuzz.json).
  if (process.argv.includes('--fuzz')) return (await import('./fuzz.ts')).fuzzOnly();
  // `--soak`: the kill and restart soak only (test/load/soak.ts, test-results/bench-soak.json).
  if (process.argv.includes('--soak')) return soakOnly();
  const bundlesOnly = process.argv.includes('--bundles');
  // `--load` skips the bundles and the guest site: the stack under load only (test-results/bench-load.json).
  const loadOnly = process.argv.includes('--load');
  const bundleReport = loadOnly ? undefined : measureBundles();
  if (bundleReport) printBundles(bundleReport, bundlesOnly);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  if (bundlesOnly && bundleReport) {
    const file = join(root, 'test-results', 'bench-bundles.json');
    writeFileSync(file, JSON.stringify(bundleReport, null, 2));
    console.log(`All figures: ${relative(root, file)} (bundling and cold imports took ${bundleReport.seconds} s)`);
    return;
  }

  await ensureWebBuild();
  console.error(`Starting the local stack and measuring for ${SECONDS} s per run...`);
  const stack = await startStack();
  try {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    Object.assign(
      process.env,
      functionEnvironment({
        tableName: LOCAL_TABLE_NAME,
        dynamodbEndpoint: stack.dynamodb,
        port: stack.port,
        jwtSecret: stack.jwtSecret,
        outboxDir: join(tmpdir(), 'resort-bench-outbox'),
      }),
      LIFTED_LIMITS,
    );
    const [{ cottages }, { cottageWrites }, { documentClient, tableName }, lib, keys, bookingsDb, inventory, bookingCore, { unpaidClaims }] = await Promise.all(
      [
        import('../../functions/lib/db/catalog.ts'),
        import('../../functions/lib/db/catalog-writes.ts'),
        import('../../functions/lib/db/client.ts'),
        import('@aws-sdk/lib-dynamodb'),
        import('../../functions/lib/db/keys.ts'),
        import('../../functions/lib/db/bookings.ts'),
        import('../../functions/lib/db/inventory.ts'),
        import('../../functions/lib/bookings/create-booking.ts'),
        import('../../functions/lib/db/unpaid-owners.ts'),
      ],
    );
    const [template] = (await cottages.list()).filter((cottage) => cottage.type === 'kingfisher-villa');
    if (!template) throw new Error('no kingfisher villa seeded');
    const unitIds = Array.from({ length: UNITS }, (_, index) => `bench-${String(index).padStart(3, '0')}`);
    await Promise.all(unitIds.map((id) => cottageWrites.put({ ...template, id, name: `Bench ${id}` })));

    const today = resortToday();
    const availabilityBody = JSON.stringify({ checkIn: addDaysIso(today, 30), checkOut: addDaysIso(today, 32), guests: 2, rooms: 1 });
    const availability = () => ({ path: '/api/cottages/bench-000/availability', body: availabilityBody, headers: { 'content-type': 'application/json' } });
    let bookingCounter = 0;
    const nextStay = (i: number) => ({ unit: unitIds[i % UNITS] ?? 'bench-000', checkIn: addDaysIso(today, 1 + Math.floor(i / UNITS)) });
    const booking = () => {
      const { unit, checkIn } = nextStay(bookingCounter++);
      const body = {
        cottageType: unit,
        checkIn,
        checkOut: addDaysIso(checkIn, 1),
        adults: 2,
        children: 0,
        packageId: 'forest-retreat',
        // A guest each, as real traffic is: their e-mail and phone are owners of their own; the address (127.0.0.1) is shared.
        guestDetails: {
          firstName: 'Bench',
          lastName: 'Guest',
          email: `bench-${bookingCounter}@example.in`,
          phone: `9${String(bookingCounter).padStart(9, '0')}`,
        },
        paymentMethod: 'razorpay',
        acceptTerms: true,
      };
      return { path: '/api/bookings', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() } };
    };

    // The floor: the DynamoDB calls each route makes, in the same order, straight from the SDK.
    const { GetCommand, QueryCommand, TransactWriteCommand } = lib;
    const get = (key: Record<string, string>) => documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    const query = (pk: string, index?: string) =>
      documentClient.send(
        new QueryCommand({
          TableName: tableName,
          ...(index ? { IndexName: index } : {}),
          KeyConditionExpression: `${index ? 'gsi1pk' : 'pk'} = :pk`,
          ExpressionAttributeValues: { ':pk': pk },
          // The routes read table partitions strongly (nights, pricing rules); an index cannot be.
          ...(index ? {} : { ConsistentRead: true }),
        }),
      );
    const nightsOf = (unit: string, first: string, last: string) =>
      documentClient.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.cottageKeys.item(unit).pk,
            ':from': keys.cottageKeys.night(unit, first).sk,
            ':to': keys.cottageKeys.night(unit, last).sk,
          },
          ConsistentRead: true,
        }),
      );
    // The routes no longer query the admin sockets (the stream consumer does, after the write), so
    // neither does the floor: the same calls, in the same order, as the request path makes today.
    const availabilityFloor = async () => {
      await get(keys.cottageKeys.item('bench-000'));
      await Promise.all([query(keys.cottageKeys.item('bench-000').pk), query(keys.pricingRuleKeys.listPartition)]);
    };
    // The booking floor writes what the route writes: the same items, with the same size and
    // the same index keys, copied from a booking made through the API (bookings.ts and
    // inventory.ts build them). A floor of bare keys would leave out DynamoDB's own cost of the
    // item and its index entries, which no handler can avoid, and charge it to the handler. Being
    // bookings, they also reach the stream consumer, as the API's do: under `npm start` it shares
    // the machine (on AWS it runs beside, not inside, the request path), so both sides carry it.
    const sample = (await fetch(`${stack.base}/api/bookings`, { method: 'POST', ...booking() }).then((response) => response.json())) as {
      data?: { booking?: { id?: string } };
    };
    const sampleId = sample.data?.booking?.id;
    if (!sampleId) throw new Error(`the sample booking was not made: ${JSON.stringify(sample)}`);
    const sampleBooking = await bookingsDb.getBooking(sampleId);
    if (!sampleBooking) throw new Error('the sample booking was not stored');
    let floorCounter = 0;
    const bookingFloor = async () => {
      const { unit, checkIn } = nextStay(50_000 + floorCounter++);
      const id = randomUUID();
      const now = Date.now();
      await get(keys.idempotencyKeys.item('create-booking', id));
      await Promise.all([get(keys.cottageKeys.item(unit)), get(keys.packageKeys.item('forest-retreat')), query(keys.pricingRuleKeys.listPartition)]);
      await nightsOf(unit, checkIn, checkIn);
      const copy = {
        ...sampleBooking,
        id,
        booking_reference: bookingCore.newBookingReference(now),
        created_at: new Date(now).toISOString(),
        customer_email: `floor-${floorCounter}@example.in`,
        customer_phone: `8${String(floorCounter).padStart(9, '0')}`,
        client_address: '127.0.0.1',
      };
      const floorUnit = `floor-${unit}`;
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            ...bookingsDb.createBookingWrites(copy, { key: id, requestHash: 'floor', manageToken: 'floor' }),
            inventory.claimNight(floorUnit, checkIn, id, now),
            // The guest's unpaid-hold counts (e-mail, phone, address), as the route claims them.
            ...unpaidClaims(copy, { now }),
          ] as NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
        }),
      );
    };

    // Warm both paths (JIT in Node and in DynamoDB Local's JVM) before anything is measured.
    await cannon(stack.base, 8, availability);
    await floor(8, availabilityFloor);

    const runs: Record<string, { api: Figures; floor: Figures; ratioP50: number; ratioThroughput: number }> = {};
    for (const connections of [1, 32]) {
      for (const [name, request, floorOperation] of [
        ['availability', availability, availabilityFloor],
        ['create-booking', booking, bookingFloor],
      ] as const) {
        console.error(`  ${name} at ${connections} client(s)...`);
        const api = await cannon(stack.base, connections, request);
        const raw = await floor(connections, floorOperation);
        runs[`${name} c=${connections}`] = {
          api,
          floor: raw,
          ratioP50: Math.round((api.p50 / Math.max(raw.p50, 0.01)) * 100) / 100,
          ratioThroughput: Math.round((raw.rps / Math.max(api.rps, 1)) * 100) / 100,
        };
      }
    }

    console.error(`  commit to the admin socket's new-booking frame: ${FRAME_BOOKINGS} sequential bookings...`);
    const frames = await commitToFrame(stack.base, stack.jwtSecret, FRAME_BOOKINGS, booking).catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    }));

    console.error('  contention: 200 requests for the last unit...');
    const contentionBody = JSON.stringify({
      cottageType: 'glass-cottage',
      checkIn: addDaysIso(today, 300),
      checkOut: addDaysIso(today, 303),
      adults: 2,
      children: 0,
      packageId: 'forest-retreat',
      guestDetails: { firstName: 'Race', lastName: 'Guest', email: 'race@example.in', phone: '9876543210' },
      paymentMethod: 'razorpay',
      acceptTerms: true,
    });
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${stack.base}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: contentionBody,
        }).then((response) => response.status),
      ),
    );
    const contention = {
      requests: 200,
      created: statuses.filter((status) => status === 201).length,
      conflicts: statuses.filter((status) => status === 409).length,
      other: statuses.filter((status) => status !== 201 && status !== 409).length,
      ms: Math.round(performance.now() - started),
    };

    console.error('  40 sign-ins at once against availability checks...');
    const signInBurst = await measureSignInBurst(stack.base).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));

    console.error('  the guest site on a phone (Chromium, CPU 4x slower)...');
    const web: WebReport | { error: string } = loadOnly
      ? { error: 'skipped (--load)' }
      : await measureWeb(stack.base).catch((error: unknown) => ({
          error: error instanceof Error ? error.message : String(error),
        }));

    const report = {
      seconds: SECONDS,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      runs,
      commitToAdminFrame: frames,
      contention,
      signInBurst,
      web,
      bundles: bundleReport,
    };
    console.log('\n| run | API p50 ms | API p99 ms | API req/s | floor p50 ms | floor p99 ms | floor ops/s | p50 API/floor | errors |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [name, run] of Object.entries(runs)) {
      console.log(
        `| ${name} | ${run.api.p50} | ${run.api.p99} | ${run.api.rps} | ${run.floor.p50} | ${run.floor.p99} | ${run.floor.rps} | ${run.ratioP50} | ${run.api.errors} |`,
      );
    }
    if ('error' in frames) {
      console.log(`\nCommit to admin frame: not measured (${frames.error})`);
    } else {
      console.log(
        `\nCommit to the admin socket's new-booking frame (${frames.created} sequential bookings, admin token via ${frames.tokenVia}; negative = the frame came before the 201):`,
      );
      console.log('| frame arrival minus | p50 ms | p99 ms | min ms | max ms |');
      console.log('|---|---|---|---|---|');
      console.log(
        `| the 201's arrival | ${frames.afterResponse.p50} | ${frames.afterResponse.p99} | ${frames.afterResponse.min} | ${frames.afterResponse.max} |`,
      );
      console.log(
        `| the request's start | ${frames.afterRequestStart.p50} | ${frames.afterRequestStart.p99} | ${frames.afterRequestStart.min} | ${frames.afterRequestStart.max} |`,
      );
      console.log(
        `(201 itself: p50 ${frames.response.p50} ms, p99 ${frames.response.p99} ms; frames missing after ${frames.timeoutMs / 1000} s: ${frames.framesMissing} of ${frames.created})`,
      );
    }
    console.log(
      `\nContention: ${contention.requests} requests for the last unit -> ${contention.created} booking, ${contention.conflicts} x 409, ${contention.other} other, in ${contention.ms} ms`,
    );
    console.log(
      'error' in signInBurst
        ? `\nSign-in burst: not measured (${signInBurst.error})`
        : `\nSign-in burst: ${signInBurst.signInsOk}/${signInBurst.signIns} sign-ins at once took ${signInBurst.burstMs} ms; availability p50 ${signInBurst.availabilityUnloaded.p50} ms unloaded, ${signInBurst.availabilityDuringBurst.p50} ms during (max ${signInBurst.availabilityDuringBurst.max} ms, ${signInBurst.availabilityDuringBurst.checks} checks)`,
    );
    if ('error' in web) console.log(`\nGuest site on a phone: not measured (${web.error})`);
    else printWeb(web);
    console.log('');
    // The per-package figures are long: they are in the file, and in `--bundles`' report.
    console.log(JSON.stringify(report, (key, value: unknown) => (key === 'packages' ? undefined : value), 2));
    writeFileSync(join(root, 'test-results', loadOnly ? 'bench-load.json' : 'bench.json'), JSON.stringify(report, null, 2));
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
