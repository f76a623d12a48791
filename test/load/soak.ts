/**
 * `npm run bench -- --soak`: a kill and restart soak of `npm start`.
 *
 * Starts `npm start` on a temporary data folder and a free port (the guest limits raised for the
 * load), runs a mixed guest workload for SOAK_SECONDS (default 90) with SOAK_GUESTS virtual guests
 * (default 6): availability checks; online bookings paid through the test-mode checkout, failed or
 * abandoned (their holds stay); pay at property, some confirmed from the e-mail's link; paid bookings
 * cancelled (by the guest's link, signed in, or by staff); safari seats on a few busy dates;
 * bursts of guests after the same villa and dates; and the same Idempotency-Key sent twice at once.
 * Every request cut off by a death is retried with backoff and the same key.
 *
 * Meanwhile the server is killed with SIGKILL twice (and started again on the same data and port),
 * and its DynamoDB Local once (npm start restarts it). At the end the workload's e-mail is waited
 * for, the server stopped with SIGTERM, and the table recounted on its own DynamoDB Local:
 * no night sold twice or left unclaimed, no orphan night, seat count or open-hold entry, exactly the
 * e-mails each booking's history calls for, no booking answered 201 and lost, one booking per key.
 * Prints a report, writes test-results/bench-soak.json (the server's output beside it, .log), and
 * fails when an invariant does not hold.
 *
 * The parts: soak/stack.ts (npm start and its DynamoDB Local), soak/workload.ts and soak/guests.ts
 * (the guests, through soak/requests.ts), soak/faults.ts (the kills), soak/recount.ts and
 * soak/mail.ts (the recount), soak/report.ts; soak/settings.ts holds the settings.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { buildWeb, webBuildIsStale } from '../../infra/local/web-build.ts';
import { killDatabase, killServer, processChecks, streamRecoveries, type Kill } from './soak/faults.ts';
import { mailDifferences, readOutbox } from './soak/mail.ts';
import { duplicateMails, recount, scanTable } from './soak/recount.ts';
import { printReport, soakReport } from './soak/report.ts';
import { count, retrying } from './soak/requests.ts';
import { GUESTS, RETRY_GRACE_MS, root, round, sleep, SOAK_SECONDS, type Item } from './soak/settings.ts';
import { databasesOn, killPid, Stack } from './soak/stack.ts';
import { pickScenario, setUp } from './soak/workload.ts';

export async function soakOnly(): Promise<void> {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  if (webBuildIsStale()) {
    console.error('Building the web app...');
    await buildWeb();
  }
  const stack = new Stack();
  const kills: Kill[] = [];
  const leftovers: string[] = [];
  const started = performance.now();
  let keepData = false;
  try {
    console.error(`Starting npm start on ${stack.dataDir}; soak of ${SOAK_SECONDS} s with ${GUESTS} guests...`);
    await stack.start();
    const session = await setUp(stack);
    const workStarted = performance.now();
    const endAt = Date.now() + SOAK_SECONDS * 1000;
    retrying.until = endAt + RETRY_GRACE_MS;
    const guests = Array.from({ length: GUESTS }, async () => {
      while (Date.now() < endAt) {
        const scenario = pickScenario();
        try {
          await scenario.run(session);
        } catch (error) {
          count(`scenario error: ${scenario.name}`, 'conn-error');
          stack.note(`scenario ${scenario.name} threw: ${String(error)}`);
        }
      }
    });
    const killer = (async () => {
      const plan: Array<{ at: number; run: () => Promise<Kill> }> = [
        { at: 0.2, run: () => killServer(stack, workStarted) },
        { at: 0.45, run: () => killDatabase(stack, workStarted) },
        { at: 0.7, run: () => killServer(stack, workStarted) },
      ];
      for (const step of plan) {
        await sleep(Math.max(0, workStarted + step.at * SOAK_SECONDS * 1000 - performance.now()));
        const kill = await step.run();
        kills.push(kill);
        console.error(`  killed ${kill.what} (pid ${kill.pid}) at ${kill.atSecond} s: the API answered again after ${kill.apiRecoveryMs} ms`);
      }
    })();
    await Promise.all([killer, ...guests]);
    const workSeconds = round((performance.now() - workStarted) / 1000);
    await Promise.all(streamRecoveries);

    // The stream consumer catches up (a mail claim left by a killed attempt is waited out: 70 s lease).
    console.error('Workload done; waiting for the e-mail of every booking...');
    const endpoint = stack.runtime()?.endpoint ?? '';
    const settleStarted = performance.now();
    let pending = Number.POSITIVE_INFINITY;
    while (performance.now() - settleStarted < 120_000) {
      pending = mailDifferences(await scanTable(endpoint), readOutbox(stack.outbox).mails).filter((entry) => entry.found < entry.expected).length;
      if (pending === 0) break;
      await sleep(1000);
    }
    const settleMs = round(performance.now() - settleStarted);

    // A graceful stop: 503 to new requests, the consumer drains, DynamoDB Local stops.
    const pid = stack.child?.pid ?? 0;
    stack.note(`SIGTERM to npm start (pid ${pid})`);
    killPid(pid, 'SIGTERM');
    const exit = await Promise.race([stack.exited, sleep(45_000).then(() => undefined)]);
    if (!exit) {
      leftovers.push(`npm start (pid ${pid}) still running 45 s after SIGTERM`);
      killPid(pid);
      await stack.exited;
    } else if (exit.code !== 0) leftovers.push(`npm start exited with ${exit.code ?? exit.signal} after SIGTERM`);
    await sleep(500);
    for (const database of databasesOn(stack.dbPath)) {
      leftovers.push(`DynamoDB Local (pid ${database}) still running on the data folder after npm start stopped`);
      killPid(database);
    }
    await sleep(500);

    // The recount, on a DynamoDB Local of our own on the same data: what survived the kills and the stop.
    const database = await startDynamoDbLocal({ dbPath: stack.dbPath });
    let items: Item[];
    try {
      items = await scanTable(database.endpoint);
    } finally {
      await database.stop();
    }
    const failureFile = join(stack.dataDir, 'stream-failures.jsonl');
    const failedRecords = existsSync(failureFile) ? readFileSync(failureFile, 'utf8').split('\n').filter(Boolean).length : 0;
    const outbox = readOutbox(stack.outbox);
    const counted = recount(
      items,
      outbox,
      Date.now(),
      failedRecords,
      kills.filter((kill) => kill.what === 'dynamodb-local').map((kill) => kill.at),
    );
    const duplicates = duplicateMails(items, outbox.mails, kills);
    const checks = [...processChecks(kills, leftovers), ...counted.checks];

    const report = soakReport({
      started,
      workSeconds,
      kills,
      settleMs,
      serverSaid: stack.logged,
      duplicates,
      pending,
      figures: counted.figures,
      checks,
    });
    printReport(report);
    const file = join(root, 'test-results', 'bench-soak.json');
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`\nAll figures: ${relative(root, file)} (server output: test-results/bench-soak.log)`);
    if (!report.passed) {
      keepData = true;
      throw new Error(`soak: ${checks.filter((check) => !check.ok).length} invariant(s) failed; the data is kept in ${stack.dataDir}`);
    }
  } catch (error) {
    keepData = true;
    throw error;
  } finally {
    // Whatever happened, nothing of ours is left running.
    if (stack.child?.pid && stack.child.exitCode === null && stack.child.signalCode === null) {
      killPid(stack.child.pid, 'SIGTERM');
      await Promise.race([stack.exited, sleep(20_000)]);
      if (stack.child.exitCode === null && stack.child.signalCode === null) killPid(stack.child.pid);
    }
    for (const database of databasesOn(stack.dbPath)) killPid(database);
    await stack.closeLog();
    if (!keepData) rmSync(stack.dataDir, { recursive: true, force: true });
  }
}
