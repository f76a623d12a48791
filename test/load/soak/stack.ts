import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ADMIN } from '../../../infra/local/environment.ts';
import { freePort } from '../../../infra/local/free-port.ts';
import { RAISED_LIMITS, root, sleep } from './settings.ts';

/* Processes: npm start, its DynamoDB Local, and what either may leave behind. */

type RuntimeInfo = { endpoint: string; pid: number; dynamodbPid?: number };

/** Alive and not a zombie waiting for a parent that never reaps it. */
export function alive(pid: number | undefined): boolean {
  if (!pid || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
  return !stat.stdout.trim().startsWith('Z');
}

/** A signal (SIGKILL unless said) to one process id, never to 0 or a negative id (a process group). */
export function killPid(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (!pid || pid <= 0) throw new Error(`no process id to send ${signal} to`);
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** Every DynamoDB Local running on this soak's data folder (the folder is unique to this run). */
export function databasesOn(dbPath: string): number[] {
  const listing = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout;
  return listing
    .split('\n')
    .filter((line) => line.includes('DynamoDBLocal.jar') && line.includes(dbPath))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => Number.isInteger(pid) && pid > 0 && alive(pid));
}

export class Stack {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'resort-soak-'));
  readonly dbPath = join(this.dataDir, 'dynamodb');
  readonly outbox = join(this.dataDir, 'outbox');
  port = 0;
  child: ChildProcess | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  starts = 0;
  private readonly log = createWriteStream(join(root, 'test-results', 'bench-soak.log'));
  private output = '';
  private lineOpen = false;
  /** How often the servers said what bears on the e-mail counts. */
  readonly logged: Record<string, number> = {
    'Mail sent but not marked sent': 0,
    'Mail claim not given back': 0,
    'Stream record failed': 0,
    'Stream record set aside': 0,
  };

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  runtime(): RuntimeInfo | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dataDir, 'dynamodb-local.json'), 'utf8')) as RuntimeInfo;
    } catch {
      return undefined;
    }
  }

  /** `npm start` as bench.ts runs it; resolves once its banner is printed. */
  async start(): Promise<void> {
    this.port ||= await freePort();
    this.starts += 1;
    this.output = '';
    const run = this.starts;
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...RAISED_LIMITS,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        ADMIN_EMAIL: DEFAULT_ADMIN.email,
        ADMIN_PASSWORD: DEFAULT_ADMIN.password,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((settle) => child.once('exit', (code, signal) => settle({ code, signal })));
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-200_000);
      for (const message of Object.keys(this.logged)) this.logged[message] = (this.logged[message] ?? 0) + text.split(message).length - 1;
      this.write(`start ${run}`, text);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const deadline = Date.now() + 90_000;
    while (!this.output.includes('Ctrl-C stops everything')) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${this.output}`);
      await sleep(50);
    }
  }

  said(text: string): boolean {
    return this.output.includes(text);
  }

  note(text: string): void {
    this.write('soak', `${new Date().toISOString()} ${text}\n`);
  }

  /** Each line of the log names where it came from. */
  private write(source: string, text: string): void {
    for (const line of text.split(/(?<=\n)/)) {
      this.log.write(this.lineOpen ? line : `[${source}] ${line}`);
      this.lineOpen = !line.endsWith('\n');
    }
  }

  async closeLog(): Promise<void> {
    await new Promise<void>((done) => this.log.end(done));
  }
}

async function healthy(base: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function waitHealthy(base: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await healthy(base)) return performance.now();
    await sleep(50);
  }
  throw new Error(`the API did not answer /api/health within ${timeoutMs / 1000} s`);
}
