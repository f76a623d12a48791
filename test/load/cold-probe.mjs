/**
 * One cold start, run by test/load/bench.ts in a fresh Node process with a function's deployed
 * environment (plus or minus NODE_OPTIONS=--enable-source-maps):
 *   node test/load/cold-probe.mjs <bundle index.mjs> [--stack [--trap] | --count-schemas]
 * 1. times `import()` of the bundle (what Lambda's init pays for code), wall and CPU;
 * 2. with --stack, the first error (steps 2 and 3 only then; they add a map parse to the run):
 *    with --trap, calls the handler with an event and context whose first property read throws, so
 *    that an Error is created with the bundle's own frames on its stack (nothing else runs: no
 *    network), and times the first formatting of that stack (with source maps on, Node parses the
 *    bundle's map at that moment). Without --trap (jobs, which never read their event), the map
 *    parse is timed through module.findSourceMap(), which is what that formatting would call;
 * 3. without source maps on, times the lazy alternative: read index.mjs.map and map the same
 *    stack's frames with module.SourceMap only when an error is logged.
 * With --count-schemas (a run of its own: the count's hook costs time), nothing is timed: it counts
 * the zod schemas and checks the import builds, through zod's global post-processing hook.
 * Prints one line `@@cold-probe {json}` on stdout (the handler may log around it).
 */
import { readFileSync } from 'node:fs';
import { findSourceMap, SourceMap } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
const measureStack = process.argv.includes('--stack');
const trap = process.argv.includes('--trap');
const url = pathToFileURL(file).href;

if (process.argv.includes('--count-schemas')) {
  // zod keeps its configuration on this global and calls postProcessor for every schema and check it constructs.
  let zodSchemas = 0;
  globalThis.__zod_globalConfig = { postProcessor: () => (zodSchemas += 1) };
  await import(url);
  process.stdout.write(`\n@@cold-probe ${JSON.stringify({ zodSchemas })}\n`);
  process.exit(0);
}

// Wall time, and the CPU time of the whole process (all threads) over the same span: the CPU
// figure moves much less than the wall figure when other processes compete for the cores.
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const started = performance.now();
const cpuStarted = process.cpuUsage();
const bundle = await import(url);
const importMs = performance.now() - started;
const importCpuMs = cpuMs(cpuStarted);
if (!measureStack) {
  process.stdout.write(`\n@@cold-probe ${JSON.stringify({ importMs, importCpuMs, sourceMaps: process.sourceMapsEnabled })}\n`);
  process.exit(0);
}

let captured;
if (trap && typeof bundle.handler === 'function') {
  const throwing = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined;
        captured ??= new Error('cold-probe');
        // Not an Error: a handler that logs what it caught formats no stack before ours is timed.
        throw 'cold-probe';
      },
    },
  );
  Promise.resolve()
    .then(() => bundle.handler(throwing, throwing))
    .catch(() => undefined);
  const deadline = performance.now() + 300;
  while (!captured && performance.now() < deadline) await new Promise((wake) => setTimeout(wake, 1));
}
const trapped = captured !== undefined;
captured ??= new Error('cold-probe');

const stackStarted = performance.now();
const stackCpuStarted = process.cpuUsage();
const mapParseMs = trapped ? 0 : (findSourceMap(url), performance.now() - stackStarted);
const stack = captured.stack ?? '';
const firstStackMs = performance.now() - stackStarted;
const firstStackCpuMs = cpuMs(stackCpuStarted);
const frames = stack.split('\n').slice(1);
const probe = import.meta.url;
// Frames still in the minified bundle, and frames Node already mapped back to the sources.
const bundleFrames = frames.filter((line) => line.includes(url)).length;
const mappedFrames = frames.filter((line) => !line.includes(url) && !line.includes(probe) && /\.[cm]?[jt]s:\d+:\d+\)?$/.test(line)).length;

let lazyMapMs;
let lazyMapCpuMs;
let lazyTopFrame;
if (!process.sourceMapsEnabled) {
  const lazyStarted = performance.now();
  const lazyCpuStarted = process.cpuUsage();
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const frame = /^(\s*at )(?:(.+?) \()?(file:\/\/\S+?):(\d+):(\d+)\)?$/;
  const lines = stack.split('\n').map((line) => {
    const match = frame.exec(line);
    if (!match || match[3] !== url) return line;
    const entry = map.findEntry(Number(match[4]) - 1, Number(match[5]) - 1);
    if (!entry.originalSource) return line;
    const where = `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    const name = entry.name ?? match[2];
    return `${match[1]}${name ? `${name} (${where})` : where}`;
  });
  lazyMapMs = performance.now() - lazyStarted;
  lazyMapCpuMs = cpuMs(lazyCpuStarted);
  lazyTopFrame = lines.find((line, index) => line !== stack.split('\n')[index])?.trim();
}

process.stdout.write(
  `\n@@cold-probe ${JSON.stringify({ importMs, importCpuMs, trapped, bundleFrames, mappedFrames, firstStackMs, firstStackCpuMs, mapParseMs, lazyMapMs, lazyMapCpuMs, lazyTopFrame, sourceMaps: process.sourceMapsEnabled })}\n`,
);
process.exit(0);
