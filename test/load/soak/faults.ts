import { performance } from 'node:perf_hooks';
import { firstMailAfter } from './mail.ts';
import type { Check } from './recount.ts';
import { round, sleep } from './settings.ts';
import { alive, killPid, waitHealthy, type Stack } from './stack.ts';

/* Fault injection: the server and its DynamoDB Local killed with SIGKILL, and how long each took to recover. */

export type Kill = {
  what: 'server' | 'dynamodb-local';
  atSecond: number;
  /** When the SIGKILL was sent (epoch ms). */
  at: number;
  pid: number;
  /** From the SIGKILL to /api/health answering 200 again. */
  apiRecoveryMs: number;
  /** From the SIGKILL to the first e-mail written after the API was back: the stream consumer delivers again. */
  streamRecoveryMs: number | null;
  /** The killed server's DynamoDB Local: what became of it. */
  orphanedDatabase?: 'none' | 'stopped by npm start' | 'left running (killed by the soak)';
};

/** Measured in the background, so the next kill keeps to its time. */
export const streamRecoveries: Array<Promise<void>> = [];
function measureStreamRecovery(stack: Stack, kill: Kill, recoveredAt: number): void {
  streamRecoveries.push(
    firstMailAfter(stack.outbox, recoveredAt, 150_000).then((mail) => {
      kill.streamRecoveryMs = mail === undefined ? null : round(mail - kill.at);
    }),
  );
}

export async function killServer(stack: Stack, started: number): Promise<Kill> {
  const child = stack.child;
  const pid = child?.pid;
  if (!child || !pid) throw new Error('no server to kill');
  const database = stack.runtime()?.dynamodbPid;
  const killedAt = performance.now();
  const at = Date.now();
  stack.note(`SIGKILL to npm start (pid ${pid}); its DynamoDB Local is pid ${database ?? '?'}`);
  killPid(pid);
  await stack.exited;
  const orphan = alive(database);
  stack.note(`npm start is gone; its DynamoDB Local is ${orphan ? 'still running' : 'gone too'}; starting again`);
  await stack.start();
  const recovered = await waitHealthy(stack.base, 60_000);
  let orphanedDatabase: Kill['orphanedDatabase'] = orphan ? 'stopped by npm start' : 'none';
  if (orphan && alive(database)) {
    orphanedDatabase = 'left running (killed by the soak)';
    stack.note(`the killed server's DynamoDB Local (pid ${database}) is still running after the restart: killing it`);
    killPid(database as number);
  }
  const kill: Kill = {
    what: 'server',
    atSecond: round((killedAt - started) / 1000),
    at,
    pid,
    apiRecoveryMs: round(recovered - killedAt),
    streamRecoveryMs: null,
    orphanedDatabase,
  };
  measureStreamRecovery(stack, kill, at + kill.apiRecoveryMs);
  return kill;
}

export async function killDatabase(stack: Stack, started: number): Promise<Kill> {
  const before = stack.runtime()?.dynamodbPid;
  if (!before || !alive(before)) throw new Error('no DynamoDB Local to kill');
  const killedAt = performance.now();
  const at = Date.now();
  stack.note(`SIGKILL to DynamoDB Local (pid ${before})`);
  killPid(before);
  const deadline = Date.now() + 60_000;
  while (!(stack.said('DynamoDB Local restarted') && stack.runtime()?.dynamodbPid !== before)) {
    if (Date.now() > deadline) throw new Error('npm start did not restart DynamoDB Local within 60 s');
    if (stack.child?.exitCode !== null) throw new Error('npm start stopped after DynamoDB Local was killed');
    await sleep(50);
  }
  const recovered = await waitHealthy(stack.base, 60_000);
  const kill: Kill = {
    what: 'dynamodb-local',
    atSecond: round((killedAt - started) / 1000),
    at,
    pid: before,
    apiRecoveryMs: round(recovered - killedAt),
    streamRecoveryMs: null,
  };
  measureStreamRecovery(stack, kill, at + kill.apiRecoveryMs);
  return kill;
}

/** The kills done as planned, none leaving its DynamoDB Local behind, and nothing left after the graceful stop. */
export function processChecks(kills: Kill[], leftovers: string[]): Check[] {
  return [
    {
      name: 'kills done (server x2, DynamoDB Local x1)',
      value: kills.length,
      expected: '3',
      ok: kills.filter((kill) => kill.what === 'server').length === 2 && kills.filter((kill) => kill.what === 'dynamodb-local').length === 1,
    },
    {
      name: "killed servers' DynamoDB Local left running",
      value: kills.filter((kill) => kill.orphanedDatabase === 'left running (killed by the soak)').length,
      expected: '0',
      ok: kills.every((kill) => kill.orphanedDatabase !== 'left running (killed by the soak)'),
    },
    {
      name: 'processes left after the graceful stop',
      value: leftovers.length,
      expected: '0',
      ok: leftovers.length === 0,
      ...(leftovers.length ? { examples: leftovers } : {}),
    },
  ];
}
