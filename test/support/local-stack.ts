import { afterAll, beforeAll } from 'vitest';
import { ensureTable } from '../../infra/local/ensure-table.ts';
import { startLocalServer } from '../../infra/local/server.ts';
import { webRoot } from '../../infra/local/web-build.ts';

export type TestStack = { baseUrl: string; wsUrl: string; tableName: string; close: () => Promise<void> };

/** `streamConsumer: false`: no stream reader, so nothing writes to the table but the requests themselves. */
export type StackOptions = { seed?: boolean; streamConsumer?: false; mediaDir?: string };

/**
 * This test file's own table (seeded with the sample resort) behind a real local server on the
 * port the function environment was given.
 */
export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const tableName = process.env.TABLE_NAME ?? '';
  const endpoint = process.env.DYNAMODB_ENDPOINT ?? '';
  const port = Number(process.env.TEST_SERVER_PORT);
  await ensureTable(endpoint, tableName);
  if (options.seed ?? true) {
    const { seedSampleData } = await import('../../infra/local/seed.ts');
    await seedSampleData();
  }
  const server = await startLocalServer({
    port,
    stage: 'local',
    paymentMode: 'test',
    webRoot,
    ...(options.streamConsumer === false ? { streamConsumer: false as const } : {}),
    ...(options.mediaDir ? { mediaDir: options.mediaDir } : {}),
  });
  return { baseUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/ws`, tableName, close: server.close };
}

export type Envelope<T> = { success: boolean; data?: T; error?: string; details?: Record<string, string[]> };

export async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

/** Starts this file's stack before its tests and stops it after; `stack.api` is the /api base URL. */
export function useTestStack(options: StackOptions = {}) {
  const handle = { current: undefined as TestStack | undefined };
  beforeAll(async () => {
    handle.current = await startTestStack(options);
  });
  afterAll(() => handle.current?.close());
  const get = () => {
    if (!handle.current) throw new Error('the test stack is not started yet');
    return handle.current;
  };
  return {
    get baseUrl() {
      return get().baseUrl;
    },
    get wsUrl() {
      return get().wsUrl;
    },
    get api() {
      return `${get().baseUrl}/api`;
    },
  };
}
