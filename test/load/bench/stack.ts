import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../infra/local/free-port.ts';
import { DEFAULT_ADMIN } from '../../../infra/local/environment.ts';
import { buildWeb, webBuildIsStale } from '../../../infra/local/web-build.ts';
import { root } from './common.ts';

/* `npm start` in its own process on a temporary data folder, as the load and the web measure it. */

/** The load books hundreds of unpaid stays from one address: the per-guest limits are lifted (server and floor alike). */
export const LIFTED_LIMITS = { OPEN_HOLD_LIMIT: '1000000', UNPAID_STAY_LIMIT: '1000000', UNPAID_NIGHT_LIMIT: '1000000' };

export async function startStack() {
  const dataDir = mkdtempSync(join(tmpdir(), 'resort-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: DEFAULT_ADMIN.email,
      ADMIN_PASSWORD: DEFAULT_ADMIN.password,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // The load books hundreds of unpaid stays from one address: the per-guest limits are lifted.
      ...LIFTED_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  const dynamodb = /DynamoDB Local: (\S+)/.exec(output)?.[1] ?? '';
  const { jwtSecret } = JSON.parse(readFileSync(join(dataDir, 'local-secrets.json'), 'utf8')) as { jwtSecret: string };
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGINT');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, port, dynamodb, jwtSecret, stop, output: () => output };
}

/** The production build, as `npm start` serves it (built here first, so the stack starts within its deadline). */
export async function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  console.error('Building the web app...');
  await buildWeb();
}
