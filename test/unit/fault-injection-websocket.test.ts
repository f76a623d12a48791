import { GoneException, LimitExceededException } from '@aws-sdk/client-apigatewaymanagementapi';
import { describe, expect, it, vi } from 'vitest';
import { awsError } from '../support/fake-table.ts';
import {
  table,
  payAtProperty,
  SUBJECT,
  records,
  consume,
  ok,
  mailed,
  connectionFault,
  frames,
  framesTo,
  postsTo,
  feedIds,
  counters,
  countersOf,
  connections,
  logged,
  useFaultInjection,
} from '../support/fault-injection.ts';

/** Fault injection for the stream consumer (the guarantees and the harness: test/support/fault-injection.ts). This file: The WebSocket management API fails for some connections. */

// Before the modules read them: mail goes through SES, frames through the management API.
vi.hoisted(() => {
  process.env.MAIL_FROM = 'bookings@forest-resort.in';
  process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.forest-resort.test/prod';
});

vi.mock('../../functions/lib/payments/stage-provider.ts', async () => (await import('../support/fault-injection-provider.ts')).recordingStageProvider());

useFaultInjection();
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
