import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ensureTable } from '../../infra/local/ensure-table.ts';
import { startLocalServer, type LocalServer } from '../../infra/local/server.ts';
import { webRoot } from '../../infra/local/web-build.ts';

let server: LocalServer;
const port = Number(process.env.TEST_SERVER_PORT);
const base = `http://127.0.0.1:${port}`;

beforeAll(async () => {
  await ensureTable(process.env.DYNAMODB_ENDPOINT ?? '', process.env.TABLE_NAME ?? '');
  server = await startLocalServer({ port, stage: 'local', paymentMode: 'test', webRoot, dev: true });
});
afterAll(() => server.close());

describe('npm run dev', () => {
  it('serves the app from source through Vite, with React fast refresh', async () => {
    const html = await (await fetch(`${base}/admin/login`)).text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('/@react-refresh');
    const module = await fetch(`${base}/src/main.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/javascript/);
  });

  it('keeps the hot-reload channel and the API on the same port', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    socket.close();
    expect(JSON.parse(first)).toMatchObject({ type: 'connected' });
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });
});
