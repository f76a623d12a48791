import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cottages } from '../../functions/lib/db/catalogue.ts';
import { cottageWrites } from '../../functions/lib/db/cottage-writes.ts';
import { findUserByEmail } from '../../functions/lib/db/users.ts';
import { verifyPassword } from '../../functions/lib/passwords.ts';
import { ensureTable } from '../../infra/local/ensure-table.ts';
import { freePort } from '../../infra/local/free-port.ts';
import { LOCAL_TABLE_NAME } from '../../infra/local/environment.ts';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { seedSampleData } from '../../infra/local/seed.ts';

const root = join(import.meta.dirname, '..', '..');

describe('seeding', () => {
  beforeAll(async () => {
    await ensureTable(process.env.DYNAMODB_ENDPOINT ?? '', process.env.TABLE_NAME ?? '');
  });

  it('seeds on the first start only, so later changes survive a restart', async () => {
    expect(await seedSampleData()).toBe(true);
    const glass = await cottages.get('glass-1');
    if (!glass) throw new Error('glass cottage not seeded');
    await cottageWrites.put({ ...glass, base_price: 27000 });
    expect(await seedSampleData()).toBe(false);
    expect((await cottages.get('glass-1'))?.base_price).toBe(27000);
  });

  it('creates the local admin, keeps it, and resets it when ADMIN_PASSWORD changes', async () => {
    const admin = { email: 'Ops@Resort.in', password: 'first-password', name: 'Ops' };
    expect(await ensureAdmin(admin)).toBe('created');
    expect(await ensureAdmin(admin)).toBe('unchanged');
    expect(await ensureAdmin({ ...admin, password: 'second-password' })).toBe('updated');
    const stored = await findUserByEmail('ops@resort.in');
    expect(stored).toMatchObject({ role: 'admin', email: 'ops@resort.in' });
    expect(await verifyPassword('second-password', stored?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('first-password', stored?.passwordHash ?? '')).toBe(false);
  });
});

describe('npm run create-admin', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['infra/create-admin.ts', ...args], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('creates an admin in the given table, leaves it on a rerun, and refuses without an e-mail', async () => {
    await ensureTable(process.env.DYNAMODB_ENDPOINT ?? '', process.env.TABLE_NAME ?? '');
    const target = [
      '--table',
      process.env.TABLE_NAME ?? '',
      '--endpoint',
      process.env.DYNAMODB_ENDPOINT ?? '',
      '--email',
      'gm@resort.in',
      '--name',
      'General Manager',
    ];
    const first = await run(target, { ADMIN_PASSWORD: 'general-manager' });
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain(`Admin gm@resort.in created in ${process.env.TABLE_NAME}.`);
    expect((await run(target, { ADMIN_PASSWORD: 'general-manager' })).output).toContain('unchanged');
    expect(await findUserByEmail('gm@resort.in')).toMatchObject({ role: 'admin', name: 'General Manager' });
    const usage = await run(['--stage', 'prod']);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run create-admin');
  });
});

/** `npm start` as a user runs it: a child process, its output, its data folder, Ctrl-C. */
describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'resort-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start(port: number): Promise<{ child: ChildProcess; output: () => string; dynamodb: string }> {
    const { TABLE_NAME, DYNAMODB_ENDPOINT, WS_MANAGEMENT_ENDPOINT, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: 'desk@resort.in', ADMIN_PASSWORD: 'desk-password' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 45_000;
    while (!output.includes('Ctrl-C stops everything')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const dynamodb = /DynamoDB Local: (\S+)/.exec(output)?.[1] ?? '';
    return { child, output: () => output, dynamodb };
  }

  const stop = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGINT');
    });

  it('serves the seeded site, prints the admin sign-in, persists data and stops DynamoDB Local on Ctrl-C', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toContain(`running: http://localhost:${port}`);
    expect(first.output()).toContain('Admin sign-in: desk@resort.in / (from ADMIN_PASSWORD)');
    expect(first.output()).toContain('new, sample data seeded');
    const cottagesResponse = await fetch(`http://127.0.0.1:${port}/api/cottages`);
    expect(((await cottagesResponse.json()) as { data: unknown[] }).data).toHaveLength(3);
    // The local outbox, read in the browser (test/integration/local-inbox.test.ts has the rest).
    expect(first.output()).toContain(`E-mail: http://localhost:${port}/_dev/mail`);
    expect(await (await fetch(`http://127.0.0.1:${port}/_dev/mail`)).text()).toContain('<h1>Local inbox</h1>');

    // Something staff might have added: it must still be there after a restart.
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: first.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
    );
    await documents.send(
      new PutCommand({
        TableName: LOCAL_TABLE_NAME,
        Item: cottageWrites.toItem({
          id: 'treehouse-1',
          name: 'Treehouse',
          type: 'kingfisher-villa',
          description: 'Up high.',
          base_price: 16000,
          max_guests: 2,
          size_sqft: 400,
          amenities: [],
          images: [],
          status: 'active',
        }),
      }),
    );
    documents.destroy();

    expect(await stop(first.child)).toBe(0);
    await expect(fetch(first.dynamodb)).rejects.toThrow();

    const second = await start(port);
    expect(second.output()).toContain('reused from the last start');
    // One more unit of a villa type: the unit is there by its id, shown as its type guests book.
    const unit = (await (await fetch(`http://127.0.0.1:${port}/api/cottages/treehouse-1`)).json()) as { data?: { id: string; name: string } };
    expect(unit.data).toMatchObject({ id: 'treehouse-1', name: 'Kingfisher Villa' });
    expect(await stop(second.child)).toBe(0);
  });
});
