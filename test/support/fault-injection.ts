import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { bookingKeys, connectionKeys } from '../../functions/lib/db/keys.ts';
import { counterDelta } from '../../functions/lib/reports/daily-counters.ts';
import { storedCounterName } from '../../functions/lib/db/report-days.ts';
import { handler } from '../../functions/streams/table-events.ts';
import { FakeTable, type Item } from './fake-table.ts';
import { refundCalls } from './fault-injection-provider.ts';
import { asBookingItem, storedBooking, streamRecord } from './stream-fixtures.ts';

/**
 * The harness of the stream consumer's fault-injection tests (test/unit/fault-injection-*.test.ts):
 * the mocked SES, WebSocket management API and table, the bookings and their stream records, and
 * what went out. Each test file sets MAIL_FROM and WS_MANAGEMENT_ENDPOINT in `vi.hoisted` and mocks
 * the stage provider with `recordingStageProvider` (test/support/fault-injection-provider.ts) before
 * it imports this module, then calls `useFaultInjection()`. The bindings below are live.
 *
 * SES, the WebSocket management API and the consumer's own table writes fail in the ways AWS fails,
 * and each test checks what went out (e-mails per recipient and subject, frames per connection,
 * refunds and their idempotency keys) and what the partial batch response asked to retry. The table
 * is an in-memory fake (test/support/fake-table.ts), so a retry finds what the failed attempt left
 * behind. What these guarantees are: README.md, "What survives a fault".
 */

export { refundCalls };

export const documentMock = mockClient(DynamoDBDocumentClient);
export const sesMock = mockClient(SESv2Client);
export const wsMock = mockClient(ApiGatewayManagementApiClient);
export let table: FakeTable;

// ---------------------------------------------------------------------------------------------
// The bookings and their stream records.

export const GUEST = 'asha@example.in';
export const pending = storedBooking({ payment_method: 'razorpay', hold_expires_at: '2026-11-22T05:15:00.000Z' });
export const paid = storedBooking({ status: 'confirmed', payment_method: 'razorpay', payment_status: 'paid', payment_id: 'pay_FaultInject001' });
export const cancelled = storedBooking({ ...paid, status: 'cancelled', cancelled_at: '2026-11-30T10:00:00.000Z', refund_amount: 41_300 });
export const refundPending = storedBooking({ ...cancelled, refund_id: 'rfnd_FaultInject001', refund_status: 'pending' });
export const refundProcessed = storedBooking({ ...refundPending, refund_status: 'processed' });
export const payAtProperty = storedBooking({ hold_expires_at: '2026-11-23T05:00:00.000Z', holdExpiresAtMs: Date.parse('2026-11-23T05:00:00.000Z') });

export const SUBJECT = {
  confirmation: 'Your stay at Forest Resort: booking VMLX2K9A1B2C3',
  cancellation: 'Booking VMLX2K9A1B2C3 cancelled',
  refund: 'Refund of ₹41,300 for booking VMLX2K9A1B2C3',
  confirmRequest: 'Please confirm your booking VMLX2K9A1B2C3 at Forest Resort',
} as const;

export const records = {
  confirmation: () => streamRecord('MODIFY', asBookingItem(pending), asBookingItem(paid), '1001'),
  cancellation: () => streamRecord('MODIFY', asBookingItem(paid), asBookingItem(cancelled), '1002'),
  refund: () => streamRecord('MODIFY', asBookingItem(refundPending), asBookingItem(refundProcessed), '1003'),
  newBooking: () => streamRecord('INSERT', undefined, asBookingItem(payAtProperty), '1004'),
};

export const context = { getRemainingTimeInMillis: () => 30_000 };
export const consume = (...batch: DynamoDBRecord[]) => handler({ Records: batch }, context);
export const failed = (record: DynamoDBRecord) => ({ batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber }] });
export const ok = { batchItemFailures: [] };

// ---------------------------------------------------------------------------------------------
// What went out.

export let delivered: Array<{ to: string; subject: string }>;
/** Mails SES accepted, for the guest, with this subject. */
export const mailed = (subject: string) => delivered.filter((mail) => mail.to === GUEST && mail.subject === subject).length;
export const sesCalls = () => sesMock.commandCalls(SendEmailCommand).length;

export let connectionFault: Map<string, () => Error>;
export let frames: Array<{ connectionId: string; id: string; event: string }>;
export const framesTo = (connectionId: string) => frames.filter((frame) => frame.connectionId === connectionId);
export const postsTo = (connectionId: string) =>
  wsMock.commandCalls(PostToConnectionCommand).filter((call) => call.args[0].input.ConnectionId === connectionId).length;

export const claimOf = (record: DynamoDBRecord) => table.get({ pk: `EFFECT#${record.eventID}`, sk: 'MAIL' });
export const isMailClaim = (input: Item) => ((input.Key ?? input.Item) as Item | undefined)?.sk === 'MAIL';
export const isFeedEntry = (input: Item) => (input.Item as Item | undefined)?.entity === 'feed';
export const feedIds = () => table.partition('FEED#').map((entry) => String(entry.id));

/** The report counters in the table, per day, without their keys. */
export function counters(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    table.partition('REPORT#').map(({ pk: _pk, sk: _sk, entity: _entity, date, ...values }) => [String(date), values as Record<string, unknown>]),
  );
}
/** The delta as stored: counter names snake_case (functions/lib/db/report-days.ts). */
export const countersOf = (before: Parameters<typeof counterDelta>[0], after: Parameters<typeof counterDelta>[1]) =>
  Object.fromEntries(
    [...counterDelta(before, after)].map(([date, values]) => [
      date,
      Object.fromEntries(Object.entries(values).map(([name, amount]) => [storedCounterName(name), amount])),
    ]),
  );

/** Socket connections, each a member of one audience (none joined as an account). */
export const connections = { admin: 'conn-admin', guest: 'conn-guest', wizard1: 'conn-wizard-1', wizard2: 'conn-wizard-2', wizard3: 'conn-wizard-3' };
export function seedConnections() {
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

export let errors: MockInstance<typeof console.error>;
export const logged = (text: string) => errors.mock.calls.some((call: unknown[]) => String(call[0]).includes(text));

/** A function that returns the fault for one SES call, or undefined to let it through. */
export type SesFault = (input: SendEmailCommandInput) => Error | undefined;

/**
 * Registers the hooks: a fresh table with the cancelled booking, its payment and the socket
 * connections; SES and the management API recording what they accept, failing as `sesFault` and
 * `connectionFault` say; console.error captured.
 */
export function useFaultInjection(sesFault: SesFault = () => undefined): void {
  // The file's vi.hoisted set these before any module read them.
  afterAll(() => {
    delete process.env.MAIL_FROM;
    delete process.env.WS_MANAGEMENT_ENDPOINT;
  });
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
}
