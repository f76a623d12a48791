import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

/**
 * DynamoDB Local, the official emulator. Its jar ships inside the npm package
 * amplify-dynamodb-simulator (folder emulator/); we fetch just that tarball with `npm pack` into a
 * cache instead of installing the package's ~280 dependencies.
 */
const EMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
const run = promisify(execFile);

export const defaultEmulatorDir = (): string =>
  resolve(process.env.DYNAMODB_LOCAL_DIR ?? join('node_modules', '.cache', 'dynamodb-local', EMULATOR_PACKAGE.replace('@', '-')));

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found: install it (Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`, macOS: `brew install openjdk@17`) and run the command again.',
    );
  }
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

/** Downloads and unpacks the emulator once; later calls find it in the cache. */
export async function ensureEmulator(dir = defaultEmulatorDir()): Promise<string> {
  if (existsSync(join(dir, 'DynamoDBLocal.jar'))) return dir;
  const staging = `${dir}.partial-${process.pid}-${Math.random().toString(36).slice(2)}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  console.log(`Fetching DynamoDB Local (${EMULATOR_PACKAGE}) into ${dir} (once)...`);
  const { stdout } = await run('npm', ['pack', EMULATOR_PACKAGE, '--silent', '--pack-destination', staging], {
    maxBuffer: 1024 * 1024,
  });
  const tarball = join(staging, stdout.trim().split('\n').pop() ?? '');
  await run('tar', ['-xzf', tarball, '-C', staging, '--strip-components=2', 'package/emulator']);
  rmSync(tarball);
  if (!readdirSync(staging).includes('DynamoDBLocal.jar')) throw new Error(`DynamoDBLocal.jar missing from ${EMULATOR_PACKAGE}`);
  mkdirSync(join(dir, '..'), { recursive: true });
  // Another process may have finished first: keep its copy and drop ours.
  if (existsSync(join(dir, 'DynamoDBLocal.jar'))) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, dir);
  return dir;
}

/** How the emulator's process ended; `requested` is true when `stop()` asked it to. */
export type DynamoDbLocalExit = { code: number | null; signal: NodeJS.Signals | null; requested: boolean };

export type DynamoDbLocal = {
  endpoint: string;
  port: number;
  /** The Java process's id. */
  pid: number | undefined;
  /** Settles once when the process has ended, whether `stop()` ended it or it died. */
  exited: Promise<DynamoDbLocalExit>;
  /** Ends the process and waits for it; safe to call again, and when it already died. */
  stop: () => Promise<void>;
};

/** `exit code 1` or `signal SIGKILL`, for one-line messages. */
export const describeExit = (exit: Pick<DynamoDbLocalExit, 'code' | 'signal'>): string =>
  exit.code !== null ? `exit code ${exit.code}` : `signal ${exit.signal ?? 'unknown'}`;

export type DynamoDbLocalOptions = {
  /** Folder for the database file; omitted means in memory (tests). */
  dbPath?: string;
  port?: number;
  emulatorDir?: string;
};

async function waitUntilReady(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const deadline = Date.now() + 30_000;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`DynamoDB Local exited (${describeExit({ code: child.exitCode, signal: child.signalCode })}):\n${output()}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((done) => setTimeout(done, 150));
      }
    }
    throw new Error(`DynamoDB Local did not answer on ${endpoint} within 30 s:\n${output()}`);
  } finally {
    client.destroy();
  }
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  assertJava();
  const dir = await ensureEmulator(options.emulatorDir);
  const port = options.port ?? (await freePort());
  const storage = options.dbPath ? ['-dbPath', resolve(options.dbPath)] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  // The emulator unpacks its SQLite library into java.io.tmpdir at every start and never removes
  // it (0.9 MB each time): a folder of its own, removed when the process exits.
  const scratch = mkdtempSync(join(tmpdir(), 'dynamodb-local-'));
  const child = spawn(
    'java',
    [
      '-Xmx512m',
      // The client JIT only, and one GC thread: a local table never runs long enough for the server
      // JIT to pay back its cost (docs/architecture.md#5-local-runtime-npm-start).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.io.tmpdir=${scratch}`,
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-port',
      String(port),
      ...storage,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const endpoint = `http://127.0.0.1:${port}`;
  let requested = false;
  // Listened for from the start, so a death before anyone asks is not missed (a process killed by
  // a signal has exitCode null and signalCode set; one that never started emits only 'error').
  const exited = new Promise<DynamoDbLocalExit>((settle) => {
    child.once('exit', (code, signal) => settle({ code, signal, requested }));
    child.once('error', () => settle({ code: child.exitCode, signal: child.signalCode, requested }));
  });
  void exited.then(() => rmSync(scratch, { recursive: true, force: true }));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    requested = true;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    try {
      await exited;
    } finally {
      clearTimeout(killer);
    }
  };
  try {
    await waitUntilReady(endpoint, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, pid: child.pid, exited, stop };
}

/** A process's command line and whether it still runs (a zombie does not); undefined when it is gone. */
function processCommand(pid: number): string | undefined {
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  if (existsSync(`/proc/${pid}/stat`)) {
    try {
      // The state follows the parenthesised name: `<pid> (<name>) Z ...` is a zombie.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return undefined;
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      return undefined;
    }
  }
  const probe = spawnSync('ps', ['-o', 'stat=,args=', '-p', String(pid)], { encoding: 'utf8' });
  const line = probe.stdout?.trim() ?? '';
  return !line || line.startsWith('Z') ? undefined : line;
}

const gone = async (pid: number, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (processCommand(pid) !== undefined) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
};

/**
 * `npm start` killed outright (SIGKILL, a crash) cannot stop its DynamoDB Local: the emulator keeps
 * running on the data folder, unseen. The next start finds it in the runtime file that start wrote
 * (`{ pid, dynamodbPid }`) and stops it before starting its own, so two emulators never share the
 * files. Only when the start that wrote the file is gone, and only a process that is still
 * DynamoDB Local on this data folder (a recycled process id is left alone). Returns the id stopped.
 */
export async function stopLeftoverDynamoDbLocal(runtimeFile: string, dbPath: string): Promise<number | undefined> {
  let recorded: { pid?: unknown; dynamodbPid?: unknown };
  try {
    recorded = JSON.parse(readFileSync(runtimeFile, 'utf8')) as typeof recorded;
  } catch {
    return undefined;
  }
  const { pid: starter, dynamodbPid } = recorded;
  if (typeof dynamodbPid !== 'number' || !Number.isInteger(dynamodbPid) || dynamodbPid <= 0) return undefined;
  if (typeof starter === 'number' && starter !== process.pid && Number.isInteger(starter) && starter > 0 && processCommand(starter) !== undefined)
    return undefined;
  const command = processCommand(dynamodbPid);
  if (!command?.includes('DynamoDBLocal.jar') || !`${command} `.includes(`-dbPath ${resolve(dbPath)} `)) return undefined;
  // It may end by itself meanwhile: a signal to a process already gone is no error here.
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(dynamodbPid, name);
    } catch {
      // Gone.
    }
  };
  signal('SIGTERM');
  if (!(await gone(dynamodbPid, 10_000))) {
    signal('SIGKILL');
    if (!(await gone(dynamodbPid, 5_000))) throw new Error(`DynamoDB Local left by an earlier start (pid ${dynamodbPid}) did not stop`);
  }
  return dynamodbPid;
}
