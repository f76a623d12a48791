import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { handlerModule, httpRoutes, jobs, secretRotations, streamConsumers, wsRoutes } from '../../../functions/routes.ts';
import { loadedAtImport } from '../../../infra/bundle-functions.ts';
import { FUNCTION_RUNTIME } from '../../../infra/constructs/route-functions.ts';
import { packageBytes, type PackageBytes } from '../bundle-report.ts';
import { median, root, round } from './common.ts';
import type { BenchNode } from './lambda-node.ts';

/*
 * Cold starts: each bundle imported in fresh Node processes with a Lambda-like environment, with
 * and without source maps (test/load/cold-probe.mjs), round-robin so that drift spreads evenly.
 */

export const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 21);
/** The first error's stack is timed in this many of the COLD_RUNS rounds (it adds a map parse to the run). */
const STACK_RUNS = Math.min(COLD_RUNS, Number(process.env.BENCH_STACK_RUNS ?? 3));
export const SOURCE_MAPS = '--enable-source-maps';

export type Kind = 'http' | 'ws' | 'job' | 'stream' | 'rotation' | 'floor';

export function kindOf(module: string): Kind {
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
export function deployedNodeOptions(): { value: string; source: string } {
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
    AWS_EXECUTION_ENV: `AWS_Lambda_${FUNCTION_RUNTIME.name}`,
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
    // The SDK warns once on a Node it no longer supports (BENCH_NODE=current on Node 20): not part of a cold start.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
}

type Probe = {
  importMs: number;
  importCpuMs: number;
  /** Only from a `schemas` probe: the zod schemas and checks the import built. */
  zodSchemas?: number;
  firstStackMs?: number;
  firstStackCpuMs?: number;
  lazyMapMs?: number;
  lazyMapCpuMs?: number;
  trapped?: boolean;
  bundleFrames?: number;
  mappedFrames?: number;
  lazyTopFrame?: string;
};

function probe(node: BenchNode, file: string, module: string, nodeOptions: string, stack: 'no' | 'trap' | 'map' | 'schemas'): Probe {
  const args = { no: [], trap: ['--stack', '--trap'], map: ['--stack'], schemas: ['--count-schemas'] }[stack];
  const run = spawnSync(node.path, [join(import.meta.dirname, '..', 'cold-probe.mjs'), file, ...args], {
    env: lambdaEnvironment(module, nodeOptions),
    encoding: 'utf8',
    timeout: 30_000,
  });
  const line = /@@cold-probe (.*)/.exec(run.stdout ?? '')?.[1];
  if (run.status !== 0 || !line) throw new Error(`Importing ${module} (${nodeOptions || 'no NODE_OPTIONS'}) failed: ${run.stderr || run.error}`);
  return JSON.parse(line) as Probe;
}

export type Measured = {
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
  /** zod schemas and checks built at import (counted once, in a run of its own). */
  zodSchemas: number;
  packages: PackageBytes[];
  bytes: number;
};

export type BundleTarget = { module: string; kind: Kind; file: string; metafile: Metafile; metaKey: string };

/** Within a round the floor is measured again after every this many bundles (see measureColdStarts). */
export const FLOOR_EVERY = 8;

/**
 * COLD_RUNS rounds, each over every bundle in turn (so drift in the machine's load spreads evenly),
 * with and without source maps in alternating order; the first STACK_RUNS rounds also time the
 * first error. The floor (the first target) is the denominator of every verdict, so it is measured
 * again after every FLOOR_EVERY bundles: its median then rests on about ten times the samples of
 * any one function, and one lucky or unlucky floor no longer moves all the ratios together. The
 * files are read once first, so that no bundle pays for a cold page cache.
 */
export function measureColdStarts(targets: BundleTarget[], node: BenchNode): Measured[] {
  for (const target of targets) {
    readFileSync(target.file);
    readFileSync(`${target.file}.map`);
  }
  const floor = targets[0];
  if (floor) probe(node, floor.file, floor.module, '', 'no'); // Node's own files, once
  const samples = new Map(targets.map((target) => [target.module, { plain: [] as Probe[], maps: [] as Probe[] }]));
  const measure = (target: BundleTarget, roundIndex: number, withStack: boolean) => {
    // Jobs never read their event: their first-error cost is the map parse (see cold-probe.mjs).
    const stack = !withStack || roundIndex >= STACK_RUNS ? 'no' : target.kind === 'job' ? 'map' : 'trap';
    const order = roundIndex % 2 ? (['maps', 'plain'] as const) : (['plain', 'maps'] as const);
    for (const mode of order) samples.get(target.module)?.[mode].push(probe(node, target.file, target.module, mode === 'maps' ? SOURCE_MAPS : '', stack));
  };
  for (let roundIndex = 0; roundIndex < COLD_RUNS; roundIndex += 1) {
    process.stderr.write(` ${roundIndex + 1}`);
    targets.forEach((target, index) => {
      measure(target, roundIndex, true);
      if (floor && index > 0 && index % FLOOR_EVERY === 0) measure(floor, roundIndex, false);
    });
  }
  process.stderr.write('\n');
  return targets.map((target) => {
    const { plain, maps } = samples.get(target.module) ?? { plain: [], maps: [] };
    const loaded = loadedAtImport(target.metafile, target.metaKey);
    const { bytes, packages } = packageBytes(target.metafile, loaded.files);
    const zodSchemas = probe(node, target.file, target.module, '', 'schemas').zodSchemas ?? 0;
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
      zodSchemas,
      packages,
      bytes,
    };
  });
}
