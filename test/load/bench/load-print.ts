import { printWeb, type WebReport } from '../web-vitals.ts';
import type { measureSignInBurst } from '../sign-in-burst.ts';
import type { FrameLatency } from './admin-frames.ts';
import type { BundleReport } from './bundles.ts';
import type { Figures } from './runners.ts';

/* The load's tables, and its report as JSON (without the per-package figures). */

export type LoadReport = {
  seconds: number;
  machine: string;
  runs: Record<string, { api: Figures; floor: Figures; ratioP50: number; ratioThroughput: number }>;
  commitToAdminFrame: FrameLatency | { error: string };
  contention: { requests: number; created: number; conflicts: number; other: number; ms: number };
  signInBurst: Awaited<ReturnType<typeof measureSignInBurst>> | { error: string };
  web: WebReport | { error: string };
  bundles: BundleReport | undefined;
};

export function printLoad(report: LoadReport): void {
  const { runs, commitToAdminFrame: frames, contention, signInBurst, web } = report;
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
}
