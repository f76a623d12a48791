import { performance } from 'node:perf_hooks';
import type { Kill } from './faults.ts';
import { seen, sent } from './guests.ts';
import type { Check, duplicateMails, recount } from './recount.ts';
import { requests, retrying } from './requests.ts';
import { GUESTS, round, UNITS_PER_TYPE } from './settings.ts';

/* The soak's report (test-results/bench-soak.json) and the tables it prints. */

/** What the run measured, beside what the requests, the guests and the recount counted. */
type Run = {
  started: number;
  workSeconds: number;
  kills: Kill[];
  settleMs: number;
  serverSaid: Record<string, number>;
  duplicates: ReturnType<typeof duplicateMails>;
  pending: number;
  figures: ReturnType<typeof recount>['figures'];
  checks: Check[];
};

export function soakReport(run: Run) {
  const byKind = Object.fromEntries(
    [...requests]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, statuses]) => [kind, Object.fromEntries([...statuses].map(([status, n]) => [String(status), n]))]),
  );
  const total = [...requests.values()].reduce((sum, statuses) => sum + [...statuses.values()].reduce((a, b) => a + b, 0), 0);
  return {
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    seconds: round((performance.now() - run.started) / 1000),
    workloadSeconds: run.workSeconds,
    guests: GUESTS,
    unitsPerType: UNITS_PER_TYPE,
    requests: { total, retries: retrying.count, byKind },
    scenarios: {
      bookingKeys: sent.length,
      booked: Object.fromEntries(
        [...new Set(sent.map((entry) => entry.scenario))].map((scenario) => {
          const keys = sent.filter((entry) => entry.scenario === scenario);
          return [scenario, `${keys.filter((entry) => entry.answered.size).length} of ${keys.length} keys`];
        }),
      ),
      contentionBursts: seen.contentionBursts,
      doubleSubmits: seen.doubleSubmits,
      paid: sent.filter((entry) => entry.paid).length,
      cancelled: sent.filter((entry) => entry.cancelled).length,
      confirmedByGuest: sent.filter((entry) => entry.confirmedByGuest).length,
      lateVerifyRefunded: seen.verifyRefunded,
    },
    kills: run.kills,
    emailSettleMs: run.settleMs,
    serverSaid: run.serverSaid,
    duplicateEmails: run.duplicates,
    emailsMissingBeforeStop: run.pending,
    recount: run.figures,
    checks: run.checks,
    passed: run.checks.every((check) => check.ok),
  };
}

export type SoakReport = ReturnType<typeof soakReport>;

export function printReport(report: SoakReport): void {
  console.log('\nRequests (kind: status x count)');
  console.log('| kind | answers |\n|---|---|');
  for (const [kind, statuses] of Object.entries(report.requests.byKind))
    console.log(
      `| ${kind} | ${Object.entries(statuses)
        .map(([status, n]) => `${status} x${n}`)
        .join(', ')} |`,
    );
  console.log(`(${report.requests.total} requests, ${report.requests.retries} of them retries after a death; ${report.scenarios.bookingKeys} booking keys)`);
  console.log(`Booked, by scenario: ${JSON.stringify(report.scenarios.booked)}`);
  console.log('\nKills');
  console.log('| what | at | pid | API back after | e-mail flowing after | its DynamoDB Local |\n|---|---|---|---|---|---|');
  for (const kill of report.kills)
    console.log(
      `| ${kill.what} | ${kill.atSecond} s | ${kill.pid} | ${kill.apiRecoveryMs} ms | ${kill.streamRecoveryMs ?? '-'} ms | ${kill.orphanedDatabase ?? '-'} |`,
    );
  console.log(`\nRecount (after the graceful stop; e-mail settled ${report.emailSettleMs} ms after the workload)`);
  for (const [name, value] of Object.entries(report.recount)) console.log(`  ${name}: ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  console.log(`  the servers logged: ${JSON.stringify(report.serverSaid)}`);
  console.log('\n| invariant | found | expected | |\n|---|---|---|---|');
  for (const check of report.checks)
    console.log(`| ${check.name} | ${check.value} | ${check.expected} | ${check.known ? 'KNOWN' : check.ok ? 'PASS' : 'FAIL'} |`);
  for (const check of report.checks.filter((entry) => (!entry.ok || entry.known) && entry.examples))
    console.log(`  ${check.name}: ${JSON.stringify(check.examples)}`);
  for (const duplicate of report.duplicateEmails)
    console.log(
      `  ${duplicate.kind} of ${duplicate.reference} x${duplicate.found}, written ${duplicate.copies.join(', ')}${duplicate.firstCopyBeforeServerKill ? `: the first ${duplicate.firstCopyBeforeServerKill}` : ''}`,
    );
}
