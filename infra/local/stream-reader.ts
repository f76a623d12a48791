import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { matchesStreamFilter, streamSettings } from '../../functions/streams/stream-filter.ts';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export type StreamReaderOptions = {
  endpoint: string;
  tableName: string;
  handler: StreamHandler;
  /** Where the last handled sequence number per shard is kept, so a restart resumes (npm start); none: from the oldest record. */
  checkpointFile?: string;
  /** Records that failed every retry go here, one JSON line each (on AWS: the on-failure SQS queue). */
  failureFile?: string;
  /** How often a quiet stream is read while the table is busy: a record was read, or `wake` called, in the last `busyMs`. */
  pollMs?: number;
  /** How often it is read once the table has been quiet longer, so an idle server costs next to nothing. */
  idlePollMs?: number;
  busyMs?: number;
  /** First retry delay; it doubles per attempt up to 5 s. */
  retryBaseMs?: number;
};

export type StreamReader = {
  /** Resolves once every record written so far has been handled (or the timeout passed). */
  drain: (timeoutMs?: number) => Promise<boolean>;
  /** Reads now, and often for a while: the server calls it when a request is done, since it may have written. */
  wake: () => void;
  stop: () => Promise<void>;
};

type ShardState = { id: string; parentId?: string; iterator?: string; lastSequence?: string; closed: boolean; started: boolean };

/** Reads the checkpoint; a missing or unreadable one (a crash mid-write) counts as none: read from the oldest record. */
function readCheckpoints(file: string | undefined): Record<string, string> {
  if (!file || !existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    console.error(JSON.stringify({ level: 'warn', message: 'Stream checkpoint unreadable; reading the stream from its oldest record', file }));
    return {};
  }
}

/** The Streams API's record, in the shape Lambda hands a function (creation time in epoch seconds). */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    ...(record.eventID ? { eventID: record.eventID } : {}),
    ...(record.eventName ? { eventName: record.eventName } : {}),
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: process.env.AWS_REGION ?? 'us-east-1',
    eventSourceARN: streamArn,
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
    },
  } as DynamoDBRecord;
}

/**
 * Reads the table's stream on DynamoDB Local with the Streams API and invokes the stream consumer
 * as Lambda's event source mapping does, with the stack's settings (functions/streams/stream-filter.ts):
 * the same filter, batches of the same size, partial batch responses (retry from the first failed
 * record), bisect on a thrown error, a bounded number of retries with backoff, then the failed
 * record is set aside. Each shard is read in order; a child shard only after its parent.
 */
export async function startStreamReader(options: StreamReaderOptions): Promise<StreamReader> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const tableClient = new DynamoDBClient({ endpoint: options.endpoint, region: 'local', credentials });
  const { Table } = await tableClient.send(new DescribeTableCommand({ TableName: options.tableName }));
  tableClient.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream: the stream consumer cannot run`);
  const client = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: 'local', credentials });
  const pollMs = options.pollMs ?? 50;
  const idlePollMs = Math.max(pollMs, options.idlePollMs ?? 1000);
  const busyMs = options.busyMs ?? 2000;
  let busyUntil = Date.now() + busyMs;
  const retryBaseMs = options.retryBaseMs ?? 200;

  const checkpoints = readCheckpoints(options.checkpointFile);
  const saveCheckpoint = (shard: ShardState) => {
    if (!shard.lastSequence) return;
    checkpoints[shard.id] = shard.lastSequence;
    if (!options.checkpointFile) return;
    // Written aside and renamed, so a crash mid-write never leaves half a file.
    writeFileSync(`${options.checkpointFile}.tmp`, JSON.stringify(checkpoints));
    renameSync(`${options.checkpointFile}.tmp`, options.checkpointFile);
  };

  let stopping = false;
  const wakers = new Set<() => void>();
  /** A wait that stopping cuts short. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  /** Back to reading every pollMs, from now: cuts the reader's current wait short. */
  const wake = () => {
    busyUntil = Date.now() + busyMs;
    for (const waker of [...wakers]) waker();
  };

  const shards = new Map<string, ShardState>();
  const refreshShards = async () => {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }));
      for (const shard of StreamDescription?.Shards ?? ([] as Shard[])) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        shards.set(shard.ShardId, { id: shard.ShardId, ...(shard.ParentShardId ? { parentId: shard.ParentShardId } : {}), closed: false, started: false });
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  };

  const iteratorFor = async (shard: ShardState): Promise<string | undefined> => {
    const after = shard.lastSequence ?? checkpoints[shard.id];
    const from = (type: 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER') =>
      client.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.id,
          ShardIteratorType: type,
          ...(type === 'AFTER_SEQUENCE_NUMBER' ? { SequenceNumber: after } : {}),
        }),
      );
    if (!after) return (await from('TRIM_HORIZON')).ShardIterator;
    try {
      return (await from('AFTER_SEQUENCE_NUMBER')).ShardIterator;
    } catch (error) {
      // The position is gone (trimmed after 24 hours, or not of this stream): read what is left.
      if (!(error instanceof TrimmedDataAccessException) && !(error instanceof Error && /ValidationException|ResourceNotFound/.test(error.name))) throw error;
      console.error(
        JSON.stringify({
          level: 'warn',
          message: 'Stream checkpoint no longer readable; reading the shard from its oldest record',
          shardId: shard.id,
          error: String(error),
        }),
      );
      shard.lastSequence = undefined;
      delete checkpoints[shard.id];
      return (await from('TRIM_HORIZON')).ShardIterator;
    }
  };

  const setAside = (record: DynamoDBRecord, reason: string) => {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'Stream record set aside after its retries',
        reason,
        eventId: record.eventID,
        sequenceNumber: record.dynamodb?.SequenceNumber,
      }),
    );
    if (options.failureFile) appendFileSync(options.failureFile, `${JSON.stringify({ at: new Date().toISOString(), reason, record })}\n`);
  };

  /**
   * Delivers records in order, as the event source mapping does; returns the last record handled or
   * set aside. Stopping ends it at once: what was not handled stays after the checkpoint, for the
   * next start.
   */
  const deliver = async (records: DynamoDBRecord[]): Promise<DynamoDBRecord | undefined> => {
    let pending = records;
    let done: DynamoDBRecord | undefined;
    const advance = (count: number) => {
      done = pending[count - 1] ?? done;
      pending = pending.slice(count);
    };
    let attempts = 0;
    let size: number = streamSettings.batchSize;
    while (pending.length) {
      if (stopping) return done;
      const oldest = pending[0]?.dynamodb?.ApproximateCreationDateTime;
      if (oldest && Date.now() / 1000 - oldest > streamSettings.maxRecordAgeSeconds) {
        setAside(pending[0] as DynamoDBRecord, 'older than the maximum record age');
        advance(1);
        continue;
      }
      const batch = pending.slice(0, size);
      let failedAt: number | undefined;
      try {
        const response = await options.handler({ Records: batch });
        const failed = response?.batchItemFailures?.[0]?.itemIdentifier;
        if (failed !== undefined) {
          const index = batch.findIndex((record) => record.dynamodb?.SequenceNumber === failed);
          failedAt = index < 0 ? 0 : index;
        }
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', message: 'Stream consumer threw; bisecting the batch', error: String(error) }));
        failedAt = 0;
        size = Math.max(1, Math.ceil(batch.length / 2));
      }
      if (failedAt === undefined) {
        advance(batch.length);
        attempts = 0;
        size = streamSettings.batchSize;
        continue;
      }
      if (failedAt > 0) {
        advance(failedAt);
        attempts = 0;
      }
      attempts += 1;
      if (stopping) return done;
      if (attempts > streamSettings.retryAttempts) {
        setAside(pending[0] as DynamoDBRecord, `failed ${streamSettings.retryAttempts + 1} attempts`);
        advance(1);
        attempts = 0;
        continue;
      }
      await sleep(Math.min(5000, retryBaseMs * 2 ** (attempts - 1)));
    }
    return done;
  };

  /** One pass over the readable shards; returns how many records it read. */
  const pass = async (): Promise<number> => {
    let read = 0;
    for (const shard of shards.values()) {
      if (shard.closed) continue;
      const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
      if (parent && !parent.closed) continue;
      if (!shard.started) {
        shard.iterator = await iteratorFor(shard);
        shard.started = true;
      }
      if (!shard.iterator) {
        shard.closed = true;
        continue;
      }
      let page;
      try {
        page = await client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
      } catch (error) {
        if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
          shard.started = false;
          continue;
        }
        throw error;
      }
      const records = page.Records ?? [];
      read += records.length;
      const wanted = records
        .filter((record) => matchesStreamFilter(record as Parameters<typeof matchesStreamFilter>[0]))
        .map((record) => toLambdaRecord(record, streamArn));
      const lastWanted = wanted.length ? await deliver(wanted) : undefined;
      if (stopping && lastWanted !== wanted.at(-1)) {
        // Stopped part-way: keep the position of the last record handled, so the next start resumes there.
        const handled = lastWanted?.dynamodb?.SequenceNumber;
        if (handled) {
          shard.lastSequence = handled;
          saveCheckpoint(shard);
        }
        return read;
      }
      const last = records[records.length - 1]?.dynamodb?.SequenceNumber;
      if (last) {
        shard.lastSequence = last;
        saveCheckpoint(shard);
      }
      shard.iterator = page.NextShardIterator;
      if (!shard.iterator) shard.closed = true;
    }
    return read;
  };

  let quietPasses = 0;
  let lastRefresh = 0;
  const loop = (async () => {
    while (!stopping) {
      try {
        if (Date.now() - lastRefresh > 2000) {
          await refreshShards();
          lastRefresh = Date.now();
        }
        const read = await pass();
        quietPasses = read ? 0 : quietPasses + 1;
        if (read) busyUntil = Date.now() + busyMs;
        else await sleep(Date.now() < busyUntil ? pollMs : idlePollMs);
      } catch (error) {
        if (stopping) break;
        console.error(JSON.stringify({ level: 'error', message: 'Reading the table stream failed; retrying', error: String(error) }));
        await sleep(1000);
      }
    }
  })();

  return {
    drain: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      // Two quiet passes after the call: everything written before it was read and handled.
      quietPasses = 0;
      wake();
      while (quietPasses < 2) {
        if (Date.now() > deadline || stopping) return false;
        await sleep(pollMs);
      }
      return true;
    },
    wake,
    stop: async () => {
      stopping = true;
      for (const wake of [...wakers]) wake();
      await loop;
      client.destroy();
    },
  };
}
