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
 * slower CPU: LCP, FCP, CLS and bytes on the wire of `/`, unthrottled and on slow 4G, against issue
 * 19's targets, the guest's initial JavaScript (gzip) and the time a scripted guest takes from
 * opening `/` to a booking, per step of the wizard (test/load/web-vitals.ts, test/load/web-report.ts).
 *
 * The parts: bench/bundles.ts and bench/cold-starts.ts (printed by bench/bundles-print.ts);
 * bench/load.ts with bench/floor.ts, bench/runners.ts and bench/admin-frames.ts (printed by
 * bench/load-print.ts); bench/web.ts; fuzz.ts; soak.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { measureBundles } from './bench/bundles.ts';
import { printBundles } from './bench/bundles-print.ts';
import { root } from './bench/common.ts';
import { loadRun } from './bench/load.ts';
import { webOnly } from './bench/web.ts';
import { soakOnly } from './soak.ts';

const MODES = ['--bundles', '--load', '--web', '--fuzz', '--soak', '--inventory'];
const USAGE = `Usage: npm run bench [-- <mode>]

  (no mode)  the bundles and their cold starts, then the local stack under load and the guest site
             (test-results/bench.json)
  --bundles  the bundles and their cold starts only, with what takes the space in each
             (test-results/bench-bundles.json)
  --load     the local stack under load only: no bundles, no guest site (test-results/bench-load.json)
  --web      the guest site's lab metrics only, unthrottled and on slow 4G, and the time to a
             booking per step (test-results/bench-web.json)
  --fuzz     every route fuzzed with thousands of cases (test-results/bench-fuzz.json)
  --soak     the kill and restart soak of npm start (test-results/bench-soak.json)
  --inventory  channel sync of 365 stays (and what a repeat writes), a year's export, the
             inventory calendar's month against its floor (test-results/bench-inventory.json)
  --help     this text

Settings, from the environment (default): BENCH_SECONDS (5) per load run, BENCH_COLD_RUNS (21)
and BENCH_STACK_RUNS (3) per bundle, BENCH_FRAME_BOOKINGS (50); FUZZ_RUNS (4000), FUZZ_SEED;
SOAK_SECONDS (90), SOAK_GUESTS (6); BENCH_INVENTORY_RUNS (15); BENCH_WEB_RUNS (5) loads of / per
network, BENCH_BOOKING_RUNS (3) scripted guests.`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return console.log(USAGE);
  const unknown = args.filter((arg) => !MODES.includes(arg));
  if (unknown.length) {
    // Without this a mistyped mode ran the whole bench.
    console.error(`Unknown argument: ${unknown.join(' ')}\n\n${USAGE}`);
    process.exit(2);
  }
  mkdirSync(join(root, 'test-results'), { recursive: true });
  if (process.argv.includes('--web')) return webOnly();
  // `--fuzz`: every route fuzzed with thousands of cases (test/load/fuzz.ts, test-results/bench-fuzz.json).
  if (process.argv.includes('--fuzz')) return (await import('./fuzz.ts')).fuzzOnly();
  // `--soak`: the kill and restart soak only (test/load/soak.ts, test-results/bench-soak.json).
  if (process.argv.includes('--soak')) return soakOnly();
  // `--inventory`: channel sync, the calendar export and the inventory calendar (test/load/bench/inventory.ts).
  if (process.argv.includes('--inventory')) return (await import('./bench/inventory.ts')).inventoryOnly();
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

  await loadRun(bundleReport, loadOnly);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
