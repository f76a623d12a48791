import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal, stopLeftoverDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { DEFAULT_ADMIN, LOCAL_TABLE_NAME } from '../../infra/local/environment.ts';
import { freePort } from '../../infra/local/free-port.ts';
import { startLocalServer } from '../../infra/local/server.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { HASHED_ASSET_CACHE, SHELL_CACHE } from '../../infra/site-cache.ts';
import { alive, finish, killPid, portIsFree, runtimeInfo, sleep, startApp, withTimeout, type App } from '../support/npm-start.ts';
import { closeCodeAfterRawFrame, healthySocketWorks, json, mask, rawRequest } from '../support/raw-requests.ts';

/**
 * The local runtime, tried the way someone trying to break it would: malformed WebSocket frames,
 * forged Host headers, a DynamoDB Local that dies. `npm start` runs as a child, as a user runs it
 * (test/support/npm-start.ts); frames and requests are written byte for byte
 * (test/support/raw-requests.ts). One file, so that its `npm start`s run one after another.
 */
describe('npm start with ADMIN_PASSWORD set: malformed frames, forged Host headers, a DynamoDB Local that dies twice', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: 'desk@resort.in', ADMIN_PASSWORD: 'desk-secret-password' });
  });
  afterAll(() => finish(app));

  it('prints an ADMIN_PASSWORD that came from the environment nowhere, and says where it came from', () => {
    expect(app.output()).toContain('Admin sign-in: desk@resort.in / (from ADMIN_PASSWORD)');
    expect(app.output()).not.toContain('desk-secret-password');
  });

  it('builds /config.json and the CSP from the configured host, never from a forged Host header', async () => {
    for (const host of ['evil.example', `evil.example:${app.port}`, `127.0.0.2:${app.port}`]) {
      const config = await rawRequest(app.port, '/config.json', host);
      expect(config.status).toBe(200);
      expect(json(config).wsUrl).toBe(`ws://localhost:${app.port}/ws`);
      const page = await rawRequest(app.port, '/', host);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain(`ws://localhost:${app.port} `);
      expect(page.headers['content-security-policy']).not.toContain('evil');
    }
    // The names this server is opened by on this machine are kept, so the page and its socket agree.
    expect(json(await rawRequest(app.port, '/config.json', `127.0.0.1:${app.port}`)).wsUrl).toBe(`ws://127.0.0.1:${app.port}/ws`);
    expect(json(await rawRequest(app.port, '/config.json', `localhost:${app.port}`)).wsUrl).toBe(`ws://localhost:${app.port}/ws`);
    // ... but only with this server's port.
    expect(json(await rawRequest(app.port, '/config.json', `127.0.0.1:${app.port + 1}`)).wsUrl).toBe(`ws://localhost:${app.port}/ws`);
  });

  it('answers a malformed Host header (spaces, slashes) without a 500', async () => {
    for (const host of ['bad host', 'a b:c', '/etc/passwd', '[::1', 'evil.example/ws?x=']) {
      for (const path of ['/config.json', '/', '/api/cottages', '/admin/login']) {
        const response = await rawRequest(app.port, path, host);
        expect(response.status, `${path} with Host '${host}'`).toBe(200);
        if (path === '/config.json') expect(json(response).wsUrl).toBe(`ws://localhost:${app.port}/ws`);
      }
    }
  });

  it("serves the build's brotli and gzip copies by Accept-Encoding, hashed assets for a year, the shell and config for a minute", async () => {
    const get = (path: string, encoding?: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = httpGet({ host: '127.0.0.1', port: app.port, path, headers: encoding ? { 'accept-encoding': encoding } : {} }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        });
        request.on('error', reject);
      });
    const html = await get('/', 'gzip, deflate, br');
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers.vary).toContain('Accept-Encoding');
    expect(html.headers['cache-control']).toBe(SHELL_CACHE);
    const page = brotliDecompressSync(html.body).toString('utf8');
    expect(page).toContain('<div id="root">');
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/.exec(page)?.[1] ?? '';
    expect(entry).not.toBe('');
    const plain = await get(entry);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    const gzipped = await get(entry, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    const brotli = await get(entry, 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    // The entry script is about a third of its size on the wire.
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2.5);
    expect((await get('/config.json', 'br')).headers['cache-control']).toBe(SHELL_CACHE);
    // A path the SPA routes gets the same compressed shell.
    expect((await get('/admin/login', 'br')).headers['content-encoding']).toBe('br');
  });

  it('closes a WebSocket that sends a reserved opcode (0x3) with 1002 and keeps serving HTTP and other sockets', async () => {
    // FIN + opcode 0x3 (reserved), masked, empty payload.
    expect(await closeCodeAfterRawFrame(app.port, Buffer.concat([Buffer.from([0x83, 0x80]), mask()]))).toBe(1002);
    expect((await fetch(`http://127.0.0.1:${app.port}/api/cottages`)).status).toBe(200);
    await healthySocketWorks(app.port);
  });

  it('closes a WebSocket whose frame header announces more than 128 KB with 1009 and keeps serving', async () => {
    const header = Buffer.alloc(10);
    header[0] = 0x82; // FIN + binary
    header[1] = 0x80 | 127; // masked, 64-bit length follows
    header.writeBigUInt64BE(BigInt(200 * 1024), 2);
    expect(await closeCodeAfterRawFrame(app.port, Buffer.concat([header, mask()]))).toBe(1009);
    expect((await fetch(`http://127.0.0.1:${app.port}/config.json`)).status).toBe(200);
    await healthySocketWorks(app.port);
    expect(app.child.exitCode).toBeNull();
  });

  it('refuses an upgrade whose request target is not a URL with 400, and one to another path with 404, and keeps serving', async () => {
    const upgrade = `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n`;
    expect((await rawRequest(app.port, 'http://[', `127.0.0.1:${app.port}`, upgrade)).status).toBe(400);
    expect((await rawRequest(app.port, '/not-the-socket', `127.0.0.1:${app.port}`, upgrade)).status).toBe(404);
    expect((await rawRequest(app.port, 'http://[', `127.0.0.1:${app.port}`)).status).toBe(400);
    expect((await fetch(`http://127.0.0.1:${app.port}/config.json`)).status).toBe(200);
    await healthySocketWorks(app.port);
  });

  it('restarts DynamoDB Local once when it dies and keeps serving; stops with one clear line and a non-zero code when it dies again, freeing the port', async () => {
    const first = runtimeInfo(app);
    expect(first.dynamodbPid).toBeTypeOf('number');
    killPid(first.dynamodbPid, 'SIGKILL');
    await app.waitForOutput('DynamoDB Local restarted');
    expect(app.output()).toContain('DynamoDB Local stopped unexpectedly (signal SIGKILL); restarting it once');
    const second = runtimeInfo(app);
    expect(second.endpoint).toBe(first.endpoint);
    expect(second.dynamodbPid).not.toBe(first.dynamodbPid);
    const cottages = await fetch(`http://127.0.0.1:${app.port}/api/cottages`);
    expect(((await cottages.json()) as { data: unknown[] }).data).toHaveLength(3);

    killPid(second.dynamodbPid, 'SIGTERM');
    expect(await withTimeout(app.exit, 20_000, 'npm start after the second death')).not.toBe(0);
    expect(app.output()).toMatch(/DynamoDB Local stopped unexpectedly again \((exit code \d+|signal SIGTERM)\); stopping/);
    expect(await portIsFree(app.port)).toBe(true);
    expect(existsSync(join(app.dataDir, 'dynamodb-local.json'))).toBe(false);
  });
});

describe('the DynamoDB Local launcher', () => {
  it('reports a death through `exited`, and stop() returns at once when the process is already gone', async () => {
    const database = await startDynamoDbLocal();
    try {
      killPid(database.pid, 'SIGKILL');
      expect(await withTimeout(database.exited, 10_000, 'exited')).toEqual({ code: null, signal: 'SIGKILL', requested: false });
      await withTimeout(database.stop(), 2_000, 'stop() after a death');
      await withTimeout(database.stop(), 2_000, 'a second stop()');
    } finally {
      await withTimeout(database.stop(), 15_000, 'the clean-up stop()').catch(() => undefined);
    }
  });

  it('unpacks its SQLite library into a folder of its own, removes the folder when it stops, and marks that exit as requested', async () => {
    const database = await startDynamoDbLocal();
    const scratch = /-Djava\.io\.tmpdir=(\S+)/.exec(readFileSync(`/proc/${database.pid}/cmdline`, 'utf8').replaceAll('\0', ' '))?.[1] ?? '';
    expect(scratch.startsWith(join(tmpdir(), 'dynamodb-local-'))).toBe(true);
    // A table is what makes it load SQLite.
    const client = new DynamoDBClient({ endpoint: database.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await client.send(
      new CreateTableCommand({
        TableName: 'scratch-check',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    expect(readdirSync(scratch).some((name) => name.includes('sqlite4java'))).toBe(true);
    await withTimeout(database.stop(), 15_000, 'stop()');
    await expect.poll(() => existsSync(scratch)).toBe(false);
    // An exit that stop() asked for is marked as requested.
    expect((await database.exited).requested).toBe(true);
    expect(alive(database.pid)).toBe(false);
  });

  it('stops the DynamoDB Local a runtime file names once the start that wrote it is gone, and nothing else', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resort-leftover-'));
    const dbPath = join(dataDir, 'dynamodb');
    const runtimeFile = join(dataDir, 'dynamodb-local.json');
    const database = await startDynamoDbLocal({ dbPath });
    const other = await startDynamoDbLocal({ dbPath: join(dataDir, 'other') });
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    const finished = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => finished.once('exit', resolve));
    const record = (pid: number | undefined, dynamodbPid: number | undefined) =>
      writeFileSync(runtimeFile, JSON.stringify({ endpoint: 'x', pid, dynamodbPid }));
    try {
      // The start that wrote the file still runs: its emulator is its own.
      record(sleeper.pid, database.pid);
      expect(await stopLeftoverDynamoDbLocal(runtimeFile, dbPath)).toBeUndefined();
      // A recycled id: the process named is not DynamoDB Local, or not on this data folder.
      record(finished.pid, sleeper.pid);
      expect(await stopLeftoverDynamoDbLocal(runtimeFile, dbPath)).toBeUndefined();
      record(finished.pid, other.pid);
      expect(await stopLeftoverDynamoDbLocal(runtimeFile, dbPath)).toBeUndefined();
      expect([alive(database.pid), alive(other.pid), alive(sleeper.pid)]).toEqual([true, true, true]);
      // The start is gone and its emulator runs on: stopped.
      record(finished.pid, database.pid);
      expect(await withTimeout(stopLeftoverDynamoDbLocal(runtimeFile, dbPath), 20_000, 'stopping the leftover')).toBe(database.pid);
      expect(await withTimeout(database.exited, 5_000, 'its exit')).toMatchObject({ requested: false });
      expect(alive(database.pid)).toBe(false);
      // No file, or one without an emulator's id: nothing to do.
      expect(await stopLeftoverDynamoDbLocal(join(dataDir, 'missing.json'), dbPath)).toBeUndefined();
      record(finished.pid, undefined);
      expect(await stopLeftoverDynamoDbLocal(runtimeFile, dbPath)).toBeUndefined();
    } finally {
      sleeper.kill('SIGKILL');
      await Promise.all([database.stop(), other.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm start killed outright (SIGKILL), then started again on the same data', () => {
  let first: App | undefined;
  let second: App | undefined;
  let leftover: number | undefined;
  afterAll(async () => {
    await finish(second);
    if (leftover && alive(leftover)) killPid(leftover, 'SIGKILL');
    if (first) rmSync(first.dataDir, { recursive: true, force: true });
  });

  it('stops the DynamoDB Local the killed start left running before starting its own, and serves the same data', async () => {
    const { bookingBody, inDays } = await import('../support/booking-fixtures.ts');
    first = await startApp({});
    const created = await fetch(`http://127.0.0.1:${first.port}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
      body: JSON.stringify(bookingBody({ checkIn: inDays(150), checkOut: inDays(152) })),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { bookingReference: string; manageToken: string } };
    leftover = runtimeInfo(first).dynamodbPid;
    killPid(first.child.pid, 'SIGKILL');
    await withTimeout(first.exit, 10_000, 'npm start after SIGKILL');
    // What a SIGKILL leaves: the emulator, a child that nobody stops, still on the data folder.
    expect(alive(leftover)).toBe(true);

    second = await startApp({}, { dataDir: first.dataDir, port: first.port });
    expect(second.output()).toContain(`Stopped the DynamoDB Local (pid ${leftover}) that an earlier npm start, killed or crashed, left running`);
    expect(alive(leftover)).toBe(false);
    expect(runtimeInfo(second).dynamodbPid).not.toBe(leftover);
    const found = await fetch(`http://127.0.0.1:${second.port}/api/bookings/reference/${data.bookingReference}?token=${encodeURIComponent(data.manageToken)}`);
    expect(found.status).toBe(200);
  });
});

describe('a server listening on all interfaces (HOST=0.0.0.0, a phone on the LAN)', () => {
  let port: number;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    port = await freePort();
    close = (await startLocalServer({ port, host: '0.0.0.0', stage: 'local', paymentMode: 'test', webRoot, streamConsumer: false })).close;
  });
  afterAll(() => close?.());

  const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  const lan = addresses.find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

  it.runIf(lan)("tells a device that came by this machine's LAN address to open the socket there", async () => {
    expect(json(await rawRequest(port, '/config.json', `${lan}:${port}`)).wsUrl).toBe(`ws://${lan}:${port}/ws`);
    expect((await rawRequest(port, '/', `${lan}:${port}`)).headers['content-security-policy']).toContain(`ws://${lan}:${port} `);
  });

  it("falls back to this machine's own address for a Host it does not know or with another port", async () => {
    const expected = `ws://${lan ?? 'localhost'}:${port}/ws`;
    for (const host of [`evil.example:${port}`, 'evil.example', `${lan ?? '127.0.0.1'}:${port + 1}`, 'bad host']) {
      const response = await rawRequest(port, '/config.json', host);
      expect(response.status).toBe(200);
      expect(json(response).wsUrl, `Host '${host}'`).toBe(expected);
    }
  });
});

describe('npm start with the default admin, stopped by SIGTERM while guests are booking', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({});
  });
  afterAll(() => finish(app));

  it('prints the default local password, which is documented and not a secret', () => {
    expect(app.output()).toContain(
      `Admin sign-in: ${DEFAULT_ADMIN.email} / ${DEFAULT_ADMIN.password}  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    );
  });

  it('stops accepting, finishes the requests under way, every booking it answered gets its e-mail, and it stops DynamoDB Local and frees the port', async () => {
    const { bookingBody, inDays } = await import('../support/booking-fixtures.ts');
    const base = `http://127.0.0.1:${app.port}/api/bookings`;
    const book = (index: number) =>
      fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
        body: JSON.stringify(bookingBody({ cottageType: 'kingfisher-villa', checkIn: inDays(120 + index * 3), checkOut: inDays(121 + index * 3) })),
      }).then(
        async (response) => ({
          status: response.status,
          reference: response.status === 201 ? ((await response.json()) as { data: { bookingReference: string } }).data.bookingReference : undefined,
        }),
        () => ({ status: 0, reference: undefined }),
      );
    const first = await book(0);
    expect(first.status).toBe(201);
    const { dynamodbPid, endpoint } = runtimeInfo(app);
    const requests = Array.from({ length: 6 }, (_, index) => book(index + 1));
    await sleep(30);
    app.child.kill('SIGTERM');
    const answers = [first, ...(await Promise.all(requests))];
    expect(await withTimeout(app.exit, 30_000, 'npm start after SIGTERM')).toBe(0);

    // Each answer is a booking (201), a clear refusal while stopping (503), or a closed port: never a dropped request.
    expect(answers.every((answer) => [201, 503, 0].includes(answer.status))).toBe(true);
    const outbox = join(app.dataDir, 'outbox');
    const subjects = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((file) => file.endsWith('.json'))
          .map((file) => (JSON.parse(readFileSync(join(outbox, file), 'utf8')) as { subject: string }).subject)
      : [];
    const answered = answers.flatMap((answer) => (answer.reference ? [answer.reference] : []));
    expect(await portIsFree(app.port)).toBe(true);
    // It stopped its DynamoDB Local and removed the file naming it.
    expect(alive(dynamodbPid)).toBe(false);
    await expect(fetch(endpoint)).rejects.toThrow();
    expect(existsSync(join(app.dataDir, 'dynamodb-local.json'))).toBe(false);

    // What matters is what was stored: every booking in the table, answered or not, has its one e-mail.
    const database = await startDynamoDbLocal({ dbPath: join(app.dataDir, 'dynamodb') });
    try {
      const client = DynamoDBDocumentClient.from(
        new DynamoDBClient({ endpoint: database.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      );
      const { Items = [] } = await client.send(
        new ScanCommand({ TableName: LOCAL_TABLE_NAME, FilterExpression: 'entity = :booking', ExpressionAttributeValues: { ':booking': 'booking' } }),
      );
      client.destroy();
      const stored = Items.map((item) => String(item.booking_reference));
      expect(stored).toEqual(expect.arrayContaining(answered));
      expect(stored.length).toBeGreaterThan(1);
      for (const reference of stored)
        expect(
          subjects.filter((subject) => subject.includes(reference)),
          reference,
        ).toHaveLength(1);
    } finally {
      await database.stop();
    }
  });
});
