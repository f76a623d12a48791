import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { awsError, conflict, type Item } from '../support/fake-table.ts';
import {
  documentMock,
  table,
  payAtProperty,
  SUBJECT,
  records,
  consume,
  failed,
  ok,
  mailed,
  sesCalls,
  frames,
  framesTo,
  isFeedEntry,
  feedIds,
  counters,
  countersOf,
  connections,
  useFaultInjection,
} from '../support/fault-injection.ts';

/** Fault injection for the stream consumer (the guarantees and the harness: test/support/fault-injection.ts). This file: DynamoDB fails the consumer's own writes. */

// Before the modules read them: mail goes through SES, frames through the management API.
vi.hoisted(() => {
  process.env.MAIL_FROM = 'bookings@forest-resort.in';
  process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.forest-resort.test/prod';
});

vi.mock('../../functions/lib/payments/stage-provider.ts', async () => (await import('../support/fault-injection-provider.ts')).recordingStageProvider());

useFaultInjection();
describe("DynamoDB fails the consumer's own writes", () => {
  const throttled = () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400);
  const isCounters = (input: Item) => JSON.stringify(input).includes('AGGREGATE#0');
  const expected = () => countersOf(undefined, payAtProperty);

  it('TransactionConflict on the report counters is retried in place with jitter: counted once, the record succeeds', async () => {
    const jitter = vi.spyOn(Math, 'random').mockReturnValue(0.25);
    table.failNext('TransactWrite', isCounters, () => conflict(5), { count: 2 });
    const change = records.newBooking();
    expect(await consume(change)).toEqual(ok);
    expect(documentMock.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(jitter).toHaveBeenCalledTimes(2);
    expect(counters()).toEqual(expected());
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
  });

  it('TransactionConflict on every try fails the record before any frame or e-mail; the retry counts once and mails once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    table.failNext('TransactWrite', isCounters, () => conflict(5), { count: 8 });
    const change = records.newBooking();
    expect(await consume(change)).toEqual(failed(change));
    expect(documentMock.commandCalls(TransactWriteCommand)).toHaveLength(8);
    expect([counters(), frames.length, sesCalls()]).toEqual([{}, 0, 0]);

    expect(await consume(change)).toEqual(ok);
    expect(counters()).toEqual(expected());
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
  });

  it('a throttled counter transaction (ProvisionedThroughputExceededException) fails the record; the retry counts once', async () => {
    table.failNext('TransactWrite', isCounters, throttled);
    const change = records.newBooking();
    expect(await consume(change)).toEqual(failed(change));
    expect(await consume(change)).toEqual(ok);
    expect(counters()).toEqual(expected());
  });

  it('a counter transaction that was written but whose answer was lost is not added again: its marker, named by the record, refuses the retry', async () => {
    table.failNext('TransactWrite', isCounters, () => awsError('ThrottlingException', 'Rate exceeded', 400), { afterWrite: true });
    const change = records.newBooking();
    expect(await consume(change)).toEqual(failed(change));
    expect(counters()).toEqual(expected());

    expect(await consume(change)).toEqual(ok);
    expect(await consume(change)).toEqual(ok);
    expect(counters()).toEqual(expected());
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
  });

  it('a throttled feed item fails the record; the retry writes the feed, repeats the frames under the same ids and mails once', async () => {
    table.failNext('Put', isFeedEntry, throttled);
    const change = records.newBooking();
    expect(await consume(change)).toEqual(failed(change));
    expect(sesCalls()).toBe(0);

    expect(await consume(change)).toEqual(ok);
    expect(feedIds().sort()).toEqual(['event-1004:0', 'event-1004:1', 'event-1004:2']);
    // Frames are at least once: the repeat carries the feed entry's id, which the browser drops.
    expect(framesTo(connections.admin).map((frame) => frame.id)).toEqual(['event-1004:0', 'event-1004:0']);
    expect(counters()).toEqual(expected());
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
    expect(documentMock.commandCalls(PutCommand).filter((call) => isFeedEntry(call.args[0].input as Item))).toHaveLength(6);
  });
});
