import { ApiGatewayManagementApiClient, GoneException, LimitExceededException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { MessageRejected, SESv2Client, SendEmailCommand, TooManyRequestsException, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { bookingKeys, connectionKeys } from '../../functions/lib/db/keys.ts';
import type { RefundInput } from '../../functions/lib/payments/provider.ts';
import { counterDelta } from '../../functions/lib/reports/daily-counters.ts';
import { storedCounterName } from '../../functions/lib/db/report-days.ts';
import { handler } from '../../functions/streams/table-events.ts';
import { awsError, conflict, FakeTable, type Item } from '../support/fake-table.ts';
import { asBookingItem, storedBooking, streamRecord } from '../support/stream-fixtures.ts';

/**
 * Fault injection for the table stream's consumer (functions/streams/table-events.ts): SES, the
 * WebSocket management API and the consumer's own table writes fail in the ways AWS fails, and each
 * test checks what went out (e-mails per recipient and subject, frames per connection, refunds and
 * their idempotency keys) and what the partial batch response asked to retry. The table is an
 * in-memory fake (test/support/fake-table.ts), so a retry finds what the failed attempt left behind.
 * What these guarantees are: README.md, "What survives a fault".
 */

// Before the modules read them: mail goes through SES, frames through the management API.
vi.hoisted(() => {
  process.env.MAIL_FROM = 'bookings@forest-resort.in';
  process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.forest-resort.test/prod';
});
afterAll(() => {
  delete process.env.MAIL_FROM;
  delete process.env.WS_MANAGEMENT_ENDPOINT;
});

/** Every refund the consumer asks the provider for (the stage's test provider answers it). */
const refundCalls = vi.hoisted(() => [] as Array<{ paymentId: string; input: RefundInput }>);
vi.mock('../../functions/lib/payments/stage-provider.ts', async () => {
  const { createTestProvider } = await import('../../functions/lib/payments/test-provider.ts');
  const provider = createTestProvider({ keySecret: 'fault-injection-key-secret-0123456789', webhookSecret: 'fault-injection-webhook-0123456789' });
  return {
    stageProvider: async () => ({
      ...provider,
      refund: (paymentId: string, input: RefundInput) => {
        refundCalls.push({ paymentId, input });
        return provider.refund(paymentId, input);
      },
    }),
  };
});

const documentMock = mockClient(DynamoDBDocumentClient);
const sesMock = mockClient(SESv2Client);
const wsMock = mockClient(ApiGatewayManagementApiClient);
let table: FakeTable;

// ---------------------------------------------------------------------------------------------
// The bookings and their stream records.

const GUEST = 'asha@example.in';
const pending = storedBooking({ payment_method: 'razorpay', hold_expires_at: '2026-11-22T05:15:00.000Z' });
const paid = storedBooking({ status: 'confirmed', payment_method: 'razorpay', payment_status: 'paid', payment_id: 'pay_FaultInject001' });
const cancelled = storedBooking({ ...paid, status: 'cancelled', cancelled_at: '2026-11-30T10:00:00.000Z', refund_amount: 41_300 });
const refundPending = storedBooking({ ...cancelled, refund_id: 'rfnd_FaultInject001', refund_status: 'pending' });
const refundProcessed = storedBooking({ ...refundPending, refund_status: 'processed' });
const payAtProperty = storedBooking({ hold_expires_at: '2026-11-23T05:00:00.000Z', holdExpiresAtMs: Date.parse('2026-11-23T05:00:00.000Z') });

const SUBJECT = {
  confirmation: 'Your stay at Forest Resort: booking VMLX2K9A1B2C3',
  cancellation: 'Booking VMLX2K9A1B2C3 cancelled',
  refund: 'Refund of ₹41,300 for booking VMLX2K9A1B2C3',
  confirmRequest: 'Please confirm your booking VMLX2K9A1B2C3 at Forest Resort',
} as const;

const records = {
  confirmation: () => streamRecord('MODIFY', asBookingItem(pending), asBookingItem(paid), '1001'),
  cancellation: () => streamRecord('MODIFY', asBookingItem(paid), asBookingItem(cancelled), '1002'),
  refund: () => streamRecord('MODIFY', asBookingItem(refundPending), asBookingItem(refundProcessed), '1003'),
  newBooking: () => streamRecord('INSERT', undefined, asBookingItem(payAtProperty), '1004'),
};

const context = { getRemainingTimeInMillis: () => 30_000 };
const consume = (...batch: DynamoDBRecord[]) => handler({ Records: batch }, context);
const failed = (record: DynamoDBRecord) => ({ batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber }] });
const ok = { batchItemFailures: [] };

// ---------------------------------------------------------------------------------------------
// What went out.

/** A function that returns the fault for one SES call, or undefined to let it through. */
let sesFault: (input: SendEmailCommandInput) => Error | undefined;
let delivered: Array<{ to: string; subject: string }>;
/** Mails SES accepted, for the guest, with this subject. */
const mailed = (subject: string) => delivered.filter((mail) => mail.to === GUEST && mail.subject === subject).length;
const sesCalls = () => sesMock.commandCalls(SendEmailCommand).length;

let connectionFault: Map<string, () => Error>;
let frames: Array<{ connectionId: string; id: string; event: string }>;
const framesTo = (connectionId: string) => frames.filter((frame) => frame.connectionId === connectionId);
const postsTo = (connectionId: string) =>
  wsMock.commandCalls(PostToConnectionCommand).filter((call) => call.args[0].input.ConnectionId === connectionId).length;

const claimOf = (record: DynamoDBRecord) => table.get({ pk: `EFFECT#${record.eventID}`, sk: 'MAIL' });
const isMailClaim = (input: Item) => ((input.Key ?? input.Item) as Item | undefined)?.sk === 'MAIL';
const isFeedEntry = (input: Item) => (input.Item as Item | undefined)?.entity === 'feed';
const feedIds = () => table.partition('FEED#').map((entry) => String(entry.id));

/** The report counters in the table, per day, without their keys. */
function counters(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    table.partition('REPORT#').map(({ pk: _pk, sk: _sk, entity: _entity, date, ...values }) => [String(date), values as Record<string, unknown>]),
  );
}
/** The delta as stored: counter names snake_case (functions/lib/db/report-days.ts). */
const countersOf = (before: Parameters<typeof counterDelta>[0], after: Parameters<typeof counterDelta>[1]) =>
  Object.fromEntries(
    [...counterDelta(before, after)].map(([date, values]) => [
      date,
      Object.fromEntries(Object.entries(values).map(([name, amount]) => [storedCounterName(name), amount])),
    ]),
  );

/** Socket connections, each a member of one audience (none joined as an account). */
const connections = { admin: 'conn-admin', guest: 'conn-guest', wizard1: 'conn-wizard-1', wizard2: 'conn-wizard-2', wizard3: 'conn-wizard-3' };
function seedConnections() {
  const audiences: Array<[string, 'admin' | 'customer' | `user:${string}`]> = [
    [connections.admin, 'admin'],
    [connections.guest, 'user:user-42'],
    [connections.wizard1, 'customer'],
    [connections.wizard2, 'customer'],
    [connections.wizard3, 'customer'],
  ];
  for (const [connectionId, audience] of audiences) {
    table.put({ ...connectionKeys.session(connectionId), entity: 'connection', connection_id: connectionId });
    table.put({ ...connectionKeys.membership(connectionId, audience), entity: 'connection-audience', connection_id: connectionId, audience });
  }
}

let errors: MockInstance<typeof console.error>;
const logged = (text: string) => errors.mock.calls.some((call: unknown[]) => String(call[0]).includes(text));

beforeEach(() => {
  documentMock.reset();
  sesMock.reset();
  wsMock.reset();
  table = new FakeTable();
  table.install(documentMock);
  // The cancelled booking and its payment, as the refund's recording transaction finds them.
  table.put({ ...asBookingItem(cancelled) });
  table.put({ ...bookingKeys.payment(paid.id, 'pay_FaultInject001'), entity: 'payment', id: 'pay_FaultInject001', status: 'captured' });
  seedConnections();
  refundCalls.length = 0;

  sesFault = () => undefined;
  delivered = [];
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    const fault = sesFault(input);
    if (fault) throw fault;
    delivered.push({ to: input.Destination?.ToAddresses?.[0] ?? '', subject: input.Content?.Simple?.Subject?.Data ?? '' });
    return { MessageId: `ses-${delivered.length}` };
  });
  connectionFault = new Map();
  frames = [];
  wsMock.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string; Data: Uint8Array }) => {
    const fault = connectionFault.get(input.ConnectionId);
    if (fault) throw fault();
    frames.push({ connectionId: input.ConnectionId, ...(JSON.parse(new TextDecoder().decode(input.Data)) as { id: string; event: string }) });
    return {};
  });
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Fails the next SES call once, then lets every call through. */
const sesFailsOnce = (error: () => Error) => {
  let left = 1;
  sesFault = () => (left-- > 0 ? error() : undefined);
};

// ---------------------------------------------------------------------------------------------

const transientSesFaults: Array<[string, () => Error]> = [
  ['TooManyRequestsException (429)', () => new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } })],
  ['ThrottlingException', () => awsError('ThrottlingException', 'Rate exceeded', 400)],
  ['InternalFailure (500)', () => awsError('InternalFailure', 'The request processing has failed because of an unknown error.', 500)],
  ['a network error (ECONNRESET)', () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', name: 'Error' })],
];

describe('SES fails while the consumer sends an e-mail', () => {
  const mails = [
    ['confirmation', records.confirmation, SUBJECT.confirmation],
    ['cancellation', records.cancellation, SUBJECT.cancellation],
    ['refund', records.refund, SUBJECT.refund],
  ] as const;

  for (const [kind, record, subject] of mails) {
    for (const [faultName, fault] of transientSesFaults) {
      it(`${faultName} on the ${kind} e-mail fails the record; the retry mails it exactly once`, async () => {
        sesFailsOnce(fault);
        const change = record();

        expect(await consume(change)).toEqual(failed(change));
        expect(sesCalls()).toBe(1);
        expect(delivered).toEqual([]);
        // The failed send gave its claim back: the retry need not wait for the lease.
        expect(claimOf(change)).toBeUndefined();

        expect(await consume(change)).toEqual(ok);
        expect(mailed(subject)).toBe(1);
        expect(delivered).toHaveLength(1);
        expect(claimOf(change)).toMatchObject({ state: 'sent', result: 'sent' });

        // Delivered once more (a retried batch): nothing goes out again.
        expect(await consume(change)).toEqual(ok);
        expect(sesCalls()).toBe(2);
        expect(mailed(subject)).toBe(1);
      });
    }
  }

  it('the cancellation retried after a failed e-mail refunds with the same idempotency key, records one refund and counts the cancellation once', async () => {
    sesFailsOnce(() => awsError('InternalFailure', 'Internal failure', 500));
    const change = records.cancellation();
    expect(await consume(change)).toEqual(failed(change));
    expect(await consume(change)).toEqual(ok);

    // Asked twice (each attempt, before its e-mail), with one key: the provider makes one refund.
    expect(refundCalls.map((call) => [call.paymentId, call.input.idempotencyKey, call.input.amount])).toEqual([
      ['pay_FaultInject001', `cancel-${paid.id}`, 4_130_000],
      ['pay_FaultInject001', `cancel-${paid.id}`, 4_130_000],
    ]);
    expect(table.partition(`BOOKING#${paid.id}`).filter((item) => item.entity === 'refund')).toHaveLength(1);
    expect(table.get(bookingKeys.item(paid.id))).toMatchObject({ refund_id: expect.stringMatching(/^rfnd_/), payment_status: 'refunded' });
    expect(counters()).toEqual(countersOf(paid, cancelled));
    expect(mailed(SUBJECT.cancellation)).toBe(1);
  });

  it('MessageRejected (permanent) is recorded on the claim and logged, not retried: a retry cannot mend it and would hold up the records behind it', async () => {
    sesFault = () => new MessageRejected({ message: 'Email address is not verified.', $metadata: { httpStatusCode: 400 } });
    const change = records.confirmation();
    const next = records.refund();

    expect(await consume(change, next)).toEqual(ok);
    expect(sesCalls()).toBe(2);
    expect(claimOf(change)).toMatchObject({ state: 'rejected', result: expect.stringContaining('MessageRejected') });
    expect(logged('Mail rejected')).toBe(true);

    // Delivered again (a retried batch): not sent again.
    expect(await consume(change)).toEqual(ok);
    expect(sesCalls()).toBe(2);
  });

  it('account-level SES refusals (sending paused) stay retryable: the record fails and its claim is given back', async () => {
    sesFailsOnce(() => awsError('SendingPausedException', 'Email sending is disabled for your entire Amazon SES account.', 400));
    const change = records.refund();
    expect(await consume(change)).toEqual(failed(change));
    expect(claimOf(change)).toBeUndefined();
    expect(await consume(change)).toEqual(ok);
    expect(mailed(SUBJECT.refund)).toBe(1);
  });

  it('a failed send whose claim cannot be given back at first (the delete is throttled) still mails once on the next attempt, without waiting out the lease', async () => {
    sesFailsOnce(() => new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } }));
    table.failNext('Delete', isMailClaim, () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400));
    const change = records.confirmation();

    expect(await consume(change)).toEqual(failed(change));
    expect(claimOf(change)).toBeUndefined();
    // The record's failure names what failed: SES, not the table.
    expect(logged('Maximum sending rate exceeded')).toBe(true);

    expect(await consume(change)).toEqual(ok);
    expect(mailed(SUBJECT.confirmation)).toBe(1);
  });

  it("a failed send whose claim cannot be given back at all fails the record with the send's own error; the lease frees the claim later", async () => {
    sesFailsOnce(() => awsError('InternalFailure', 'The request processing has failed because of an unknown error.', 500));
    table.failNext('Delete', isMailClaim, () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400), {
      count: 4,
    });
    const change = records.refund();

    expect(await consume(change)).toEqual(failed(change));
    const recordFailure = errors.mock.calls.map((call) => String(call[0])).find((line) => line.includes('Stream record failed'));
    expect(recordFailure).toContain('unknown error');
    expect(logged('Mail claim not given back')).toBe(true);
    expect(claimOf(change)).toMatchObject({ state: 'sending', lease_until: expect.any(Number) });
    expect(delivered).toEqual([]);
  });

  it('the claim cannot be taken (its write throttled): nothing is sent, and the retry mails once', async () => {
    table.failNext('Put', isMailClaim, () => awsError('ThrottlingException', 'Rate exceeded', 400));
    const change = records.cancellation();
    expect(await consume(change)).toEqual(failed(change));
    expect(sesCalls()).toBe(0);
    expect(await consume(change)).toEqual(ok);
    expect(mailed(SUBJECT.cancellation)).toBe(1);
  });

  it('the e-mail went out but marking it sent fails every try: the record is not retried, and a redelivery within the lease sends nothing', async () => {
    const mark = table.failNext(
      'Update',
      isMailClaim,
      () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400),
      {
        count: 4,
      },
    );
    const change = records.confirmation();

    expect(await consume(change)).toEqual(ok);
    expect(mark.left()).toBe(0);
    expect(mailed(SUBJECT.confirmation)).toBe(1);
    expect(logged('Mail sent but not marked sent')).toBe(true);
    expect(claimOf(change)).toMatchObject({ state: 'sending' });

    // Should the batch come again (a later crash), the lease still holds the claim: the record waits, nothing is sent.
    expect(await handler({ Records: [change] }, { getRemainingTimeInMillis: () => 10_000 })).toEqual(failed(change));
    expect(sesCalls()).toBe(1);
  });

  it('the mark was written but its answer lost: the next try finds it written, and a redelivery sends nothing', async () => {
    table.failNext('Update', isMailClaim, () => awsError('InternalServerError', 'Internal server error', 500), { afterWrite: true });
    const change = records.refund();
    expect(await consume(change)).toEqual(ok);
    expect(claimOf(change)).toMatchObject({ state: 'sent' });
    expect(await consume(change)).toEqual(ok);
    expect(sesCalls()).toBe(1);
    expect(mailed(SUBJECT.refund)).toBe(1);
  });

  it('in a batch, the record whose e-mail fails is reported with what follows; the retry mails each guest exactly once', async () => {
    let left = 1;
    sesFault = (input) =>
      input.Content?.Simple?.Subject?.Data === SUBJECT.cancellation && left-- > 0 ? awsError('InternalFailure', 'Internal failure', 500) : undefined;
    const [first, second, third] = [records.confirmation(), records.cancellation(), records.refund()];

    expect(await consume(first, second, third)).toEqual(failed(second));
    expect(delivered.map((mail) => mail.subject)).toEqual([SUBJECT.confirmation]);

    // The event source retries from the failed record on.
    expect(await consume(second, third)).toEqual(ok);
    expect([mailed(SUBJECT.confirmation), mailed(SUBJECT.cancellation), mailed(SUBJECT.refund)]).toEqual([1, 1, 1]);
    expect(sesCalls()).toBe(4);
  });
});

describe('the WebSocket management API fails for some connections', () => {
  it('a gone connection (410) is forgotten; the other connections still get the frame, and the feed and the e-mail are done', async () => {
    connectionFault.set(connections.wizard2, () => new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }));
    const change = records.newBooking();

    expect(await consume(change)).toEqual(ok);
    const released = frames.filter((frame) => frame.event === 'availability-changed');
    expect(released.map((frame) => frame.connectionId).sort()).toEqual([connections.wizard1, connections.wizard3]);
    expect(new Set(released.map((frame) => frame.id)).size).toBe(1);
    expect(postsTo(connections.wizard2)).toBe(1);
    // Its session and membership are deleted; nobody else's.
    expect(table.partition(`CONNECTION#${connections.wizard2}`)).toEqual([]);
    for (const id of [connections.admin, connections.guest, connections.wizard1, connections.wizard3])
      expect(table.partition(`CONNECTION#${id}`)).toHaveLength(2);
    expect(framesTo(connections.admin).map((frame) => frame.event)).toEqual(['new-booking']);
    expect(framesTo(connections.guest).map((frame) => frame.event)).toEqual(['booking-update']);
    expect(feedIds().sort()).toEqual(['event-1004:0', 'event-1004:1', 'event-1004:2']);
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
  });

  it('throttling (429) and a 500 from the management API lose neither the e-mail nor the feed item, and forget no connection', async () => {
    connectionFault.set(connections.wizard1, () => new LimitExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 429 } }));
    connectionFault.set(connections.admin, () => awsError('InternalServerErrorException', 'Internal server error', 500));
    const change = records.newBooking();

    expect(await consume(change)).toEqual(ok);
    expect(framesTo(connections.wizard2)).toHaveLength(1);
    expect(framesTo(connections.wizard3)).toHaveLength(1);
    expect(framesTo(connections.guest)).toHaveLength(1);
    expect([postsTo(connections.wizard1), postsTo(connections.admin)]).toEqual([1, 1]);
    expect(table.partition('CONNECTION#')).toHaveLength(10);
    expect(feedIds()).toHaveLength(3);
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
    expect(logged('Notification not delivered')).toBe(true);
    expect(counters()).toEqual(countersOf(undefined, payAtProperty));
  });

  it('a gone connection whose rows cannot be deleted (the table throttles) holds up nothing', async () => {
    connectionFault.set(connections.wizard3, () => new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }));
    table.failNext(
      'BatchWrite',
      () => true,
      () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400),
    );
    const change = records.newBooking();

    expect(await consume(change)).toEqual(ok);
    expect(framesTo(connections.wizard1)).toHaveLength(1);
    expect(framesTo(connections.wizard2)).toHaveLength(1);
    expect(feedIds()).toHaveLength(3);
    expect(mailed(SUBJECT.confirmRequest)).toBe(1);
  });
});

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
