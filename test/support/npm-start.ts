import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/free-port.ts';

/*
 * `npm start` as a child process, as a user runs it, for the tests that break it: started on a data
 * folder and port of its own (or an earlier start's), its output watched, and stopped with nothing
 * left behind; with the process helpers those tests need.
 */

const root = join(import.meta.dirname, '..', '..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type App = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exit: Promise<number | null>;
  waitForOutput: (text: string, timeoutMs?: number) => Promise<void>;
};

/** `reuse`: the data folder and port of an earlier start, as a second `npm start` finds them. */
export async function startApp(env: Record<string, string>, reuse?: { dataDir: string; port: number }): Promise<App> {
  const { TABLE_NAME, DYNAMODB_ENDPOINT, WS_MANAGEMENT_ENDPOINT, ADMIN_EMAIL, ADMIN_PASSWORD, HOST, ...inherited } = process.env;
  const port = reuse?.port ?? (await freePort());
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'resort-hardening-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForOutput = async (text: string, timeoutMs = 45_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) throw new Error(`no '${text}' in the output:\n${output}`);
      await sleep(100);
    }
  };
  await waitForOutput('Ctrl-C stops everything');
  return { child, port, dataDir, output: () => output, exit, waitForOutput };
}

export async function finish(app: App | undefined): Promise<void> {
  if (!app) return;
  if (app.child.exitCode === null && app.child.signalCode === null) {
    app.child.kill('SIGTERM');
    await Promise.race([app.exit, sleep(15_000)]);
  }
  // Without the fixes a crashed `npm start` leaves its DynamoDB Local behind: do not leak it.
  const leftOver = existsSync(join(app.dataDir, 'dynamodb-local.json')) ? runtimeInfo(app).dynamodbPid : undefined;
  if (leftOver && alive(leftOver)) killPid(leftOver, 'SIGKILL');
  rmSync(app.dataDir, { recursive: true, force: true });
}

/** SIGKILL/SIGTERM to one process id; never to 0 or a negative id (a whole process group). */
export const killPid = (pid: number | undefined, signal: NodeJS.Signals) => {
  if (!pid || pid <= 0) throw new Error(`no process id to send ${signal} to`);
  process.kill(pid, signal);
};

export const runtimeInfo = (app: App) =>
  JSON.parse(readFileSync(join(app.dataDir, 'dynamodb-local.json'), 'utf8')) as { endpoint: string; pid: number; dynamodbPid?: number };

export const alive = (pid: number | undefined) => {
  if (!pid || pid <= 0) throw new Error('no process id');
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what} did not settle within ${ms} ms`)))]);
