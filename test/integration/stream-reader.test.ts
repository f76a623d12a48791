import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { ensureTable } from '../../infra/local/ensure-table.ts';
import { startStreamReader, type StreamReader } from '../../infra/local/stream-reader.ts';

/**
 * The local stand-in for Lambda's DynamoDB Streams event source mapping, against DynamoDB Local's
 * real stream: order, filter, retries, bisect, records set aside, and resuming from a checkpoint.
 */
const readers: StreamReader[] = [];
const start = async (
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>,
  extra: { checkpointFile?: string; failureFile?: string; idlePollMs?: number; busyMs?: number } = {},
) => {
  const reader = await startStreamReader({ endpoint: process.env.DYNAMODB_ENDPOINT ?? '', tableName, handler, retryBaseMs: 10, pollMs: 20, ...extra });
  readers.push(reader);
  return reader;
};
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.stop()));
  vi.restoreAllMocks();
});

let run = 0;
/** Writes catalogue items the consumer's filter lets through (and one it drops); returns their ids in order. */
async function writePackages(count: number): Promise<string[]> {
  run += 1;
  const ids = Array.from({ length: count }, (_, index) => `pkg-${run}-${index}`);
  for (const id of ids)
    await documentClient.send(new PutCommand({ TableName: tableName, Item: { pk: `PACKAGE#${id}`, sk: 'PACKAGE', entity: 'package', id } }));
  await documentClient.send(new PutCommand({ TableName: tableName, Item: { pk: `COTTAGE#x-${run}`, sk: 'NIGHT#2027-01-01', entity: 'night' } }));
  return ids;
}
const idOf = (record: DynamoDBRecord) => record.dynamodb?.NewImage?.id?.S ?? '';

beforeAll(async () => {
  await ensureTable(process.env.DYNAMODB_ENDPOINT ?? '', tableName);
});

describe('the local stream reader (the event source mapping of npm start)', () => {
  it('reads a table that has gone quiet only every idlePollMs, and at once when a request wakes it', async () => {
    const seen: string[] = [];
    const reader = await start(
      async (event) => {
        seen.push(...event.Records.map(idOf));
      },
      { idlePollMs: 60_000, busyMs: 200 },
    );
    expect(await reader.drain()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [quiet] = await writePackages(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen).not.toContain(quiet);
    reader.wake();
    await vi.waitFor(() => expect(seen).toContain(quiet), { timeout: 3000, interval: 20 });
  });

  it('delivers matching records in order, in Lambda event shape, and never the ones the filter drops', async () => {
    const seen: DynamoDBRecord[] = [];
    const reader = await start(async (event) => {
      seen.push(...event.Records);
    });
    const ids = await writePackages(3);
    expect(await reader.drain()).toBe(true);
    const mine = seen.filter((record) => ids.includes(idOf(record)));
    expect(mine.map(idOf)).toEqual(ids);
    expect(seen.some((record) => record.dynamodb?.NewImage?.entity?.S === 'night')).toBe(false);
    expect(mine[0]).toMatchObject({ eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    expect(typeof mine[0]?.dynamodb?.ApproximateCreationDateTime).toBe('number');
  });

  it('retries from the first failed record of a partial batch response, and never repeats the ones before it', async () => {
    const calls: string[][] = [];
    let failOnce = true;
    let target = '';
    const reader = await start(async (event) => {
      calls.push(event.Records.map(idOf));
      const second = target ? event.Records.find((record) => idOf(record) === target) : undefined;
      if (failOnce && second) {
        failOnce = false;
        return { batchItemFailures: [{ itemIdentifier: second.dynamodb?.SequenceNumber ?? '' }] };
      }
      return { batchItemFailures: [] };
    });
    target = `pkg-${run + 1}-1`;
    const ids = await writePackages(3);
    expect(await reader.drain()).toBe(true);
    const delivered = calls.map((batch) => batch.filter((id) => ids.includes(id))).filter((batch) => batch.length);
    expect(delivered.flat().filter((id) => id === ids[0])).toHaveLength(1);
    expect(delivered.flat().filter((id) => id === ids[1])).toHaveLength(2);
    // The call after the failure starts at the failed record (the stream may page the rest separately).
    const failedCall = delivered.findIndex((batch) => batch.includes(ids[1] ?? ''));
    expect(delivered[failedCall + 1]?.[0]).toBe(ids[1]);
    // A record after the failed one is redelivered exactly when it shared the failed batch (as Lambda does);
    // whether it did depends on how the stream paged the writes.
    const sharedFailedBatch = delivered[failedCall]?.includes(ids[2] ?? '') ? 1 : 0;
    expect(delivered.flat().filter((id) => id === ids[2])).toHaveLength(1 + sharedFailedBatch);
  });

  it('bisects a batch whose handler throws, and sets aside a record that fails every retry without holding up the rest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failureFile = join(mkdtempSync(join(tmpdir(), 'stream-failures-')), 'failures.jsonl');
    const handled: string[] = [];
    let poison = '';
    const reader = await start(
      async (event) => {
        if (event.Records.some((record) => idOf(record) === poison)) throw new Error('crashed mid-batch');
        handled.push(...event.Records.map(idOf));
      },
      { failureFile },
    );
    poison = `pkg-${run + 1}-2`;
    const ids = await writePackages(4);
    expect(await reader.drain(20_000)).toBe(true);
    expect(handled.filter((id) => ids.includes(id))).toEqual([ids[0], ids[1], ids[3]]);
    const failures = readFileSync(failureFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reason: string; record: DynamoDBRecord });
    expect(failures.map((failure) => idOf(failure.record))).toEqual([poison]);
  });

  it('resumes after its checkpoint: a restarted reader delivers only what was written since', async () => {
    const checkpointFile = join(mkdtempSync(join(tmpdir(), 'stream-checkpoint-')), 'checkpoint.json');
    const first: string[] = [];
    const reader = await start(async (event) => void first.push(...event.Records.map(idOf)), { checkpointFile });
    const before = await writePackages(2);
    expect(await reader.drain()).toBe(true);
    await reader.stop();
    expect(first).toEqual(expect.arrayContaining(before));
    expect(existsSync(checkpointFile)).toBe(true);

    const after = await writePackages(2);
    const second: string[] = [];
    const restarted = await start(async (event) => void second.push(...event.Records.map(idOf)), { checkpointFile });
    expect(await restarted.drain()).toBe(true);
    expect(second).toEqual(after);
  });

  it('stopped while a record is failing, it sets nothing aside and the next start retries that record', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = mkdtempSync(join(tmpdir(), 'stream-stop-'));
    const checkpointFile = join(dir, 'checkpoint.json');
    const failureFile = join(dir, 'failures.jsonl');
    // First catch up, so the checkpoint stands after everything written so far.
    const catchUp = await start(async () => undefined, { checkpointFile });
    expect(await catchUp.drain()).toBe(true);
    await catchUp.stop();

    let attempts = 0;
    const failing = await start(
      async () => {
        attempts += 1;
        throw new Error('mail service down');
      },
      { checkpointFile, failureFile },
    );
    const ids = await writePackages(2);
    await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await failing.stop();
    expect(existsSync(failureFile)).toBe(false);

    const delivered: string[] = [];
    const restarted = await start(async (event) => void delivered.push(...event.Records.map(idOf)), { checkpointFile, failureFile });
    expect(await restarted.drain()).toBe(true);
    expect(delivered).toEqual(ids);
  });
});
