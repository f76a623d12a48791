import { DynamoDBDocumentClient, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { counterDelta } from '../../functions/lib/reports/daily-counters.ts';
import { activityEffects, bookingEffects, catalogueEffects } from '../../functions/streams/change-events.ts';
import { matchesStreamFilter } from '../../functions/streams/stream-filter.ts';
import { handler } from '../../functions/streams/table-events.ts';
import { asBookingItem, storedBooking, streamRecord } from '../support/stream-fixtures.ts';

describe('what a booking change causes (pure)', () => {
  it('a new booking tells staff (new-booking), its guest, open wizards (availability-changed); pay at property mails the confirm-by link', () => {
    const booking = storedBooking({ hold_expires_at: '2026-11-23T10:00:00.000Z', holdExpiresAtMs: Date.parse('2026-11-23T10:00:00.000Z') });
    const effects = bookingEffects({ eventName: 'INSERT', after: booking });
    expect(effects.notices.map((notice) => [notice.audience, notice.event])).toEqual([
      ['admin', 'new-booking'],
      ['user:user-42', 'booking-update'],
      ['customer', 'availability-changed'],
    ]);
    expect(effects.notices[2]?.data).toEqual({ cottageType: 'hornbill-villa', checkIn: '2027-01-10', checkOut: '2027-01-13', reason: 'booked' });
    expect(effects.mail).toMatchObject({ kind: 'confirm-request', confirmBy: '2026-11-23T10:00:00.000Z', booking: { booking_reference: 'VMLX2K9A1B2C3' } });
    expect(effects.mail?.booking).not.toHaveProperty('claims');
  });

  it('an online booking waiting for its payment mails nothing; its confirmation (paid) mails the receipt and tells staff of the money', () => {
    const held = storedBooking({ payment_method: 'razorpay', hold_expires_at: '2026-11-22T10:15:00.000Z' });
    expect(bookingEffects({ eventName: 'INSERT', after: held }).mail).toBeUndefined();
    const paid = storedBooking({ payment_method: 'razorpay', status: 'confirmed', payment_status: 'paid', payment_id: 'pay_AAAAAAAAAAAAAA' });
    const effects = bookingEffects({ eventName: 'MODIFY', before: held, after: paid });
    expect(effects.mail).toMatchObject({ kind: 'confirmation' });
    expect(effects.notices.map((notice) => notice.event)).toEqual(expect.arrayContaining(['booking-confirmed', 'payment-received']));
  });

  it('a cancelled paid booking orders its refund once; the processed refund mails the guest; a late payment refunded mails that instead', () => {
    const paid = storedBooking({ status: 'confirmed', payment_status: 'paid', payment_method: 'razorpay', payment_id: 'pay_AAAAAAAAAAAAAA' });
    const cancelled = { ...paid, status: 'cancelled' as const, refund_amount: 41_300, cancelled_at: '2026-11-30T10:00:00.000Z' };
    expect(bookingEffects({ eventName: 'MODIFY', before: paid, after: cancelled }).refund).toMatchObject({ amount: 41_300 });
    // Already refunded (a retried record): no second order.
    expect(bookingEffects({ eventName: 'MODIFY', before: paid, after: { ...cancelled, refund_id: 'rfnd_AAAAAAAAAAAAAA' } }).refund).toBeUndefined();
    const processed = bookingEffects({
      eventName: 'MODIFY',
      before: cancelled,
      after: { ...cancelled, refund_id: 'rfnd_AAAAAAAAAAAAAA', refund_status: 'processed' },
    });
    expect(processed.mail).toMatchObject({ kind: 'refund', refundAmount: 41_300, refundId: 'rfnd_AAAAAAAAAAAAAA' });
    const expired = storedBooking({ status: 'expired', payment_method: 'razorpay' });
    const late = bookingEffects({
      eventName: 'MODIFY',
      before: expired,
      after: {
        ...expired,
        payment_status: 'refunded',
        payment_id: 'pay_BBBBBBBBBBBBBB',
        refund_id: 'rfnd_BBBBBBBBBBBBBB',
        refund_status: 'processed',
        refund_amount: 41_300,
        late_payment_refunded: true,
        needs_attention: 'Paid after the hold lapsed',
      },
    });
    expect(late.mail).toMatchObject({ kind: 'late-payment-refunded', refundAmount: 41_300 });
    expect(late.notices.map((notice) => [notice.audience, notice.event])).toEqual(expect.arrayContaining([['admin', 'payment-attention']]));
  });

  it('a cancellation mails the refund and releases the nights to open wizards', () => {
    const before = storedBooking({ status: 'confirmed', payment_status: 'paid' });
    const after = storedBooking({ status: 'cancelled', payment_status: 'paid', cancelled_at: '2026-11-30T10:00:00.000Z', refund_amount: 41_300 });
    const effects = bookingEffects({ eventName: 'MODIFY', before, after });
    expect(effects.mail).toMatchObject({ kind: 'cancellation', refundAmount: 41_300 });
    expect(effects.notices.find((notice) => notice.audience === 'user:user-42')?.data).toMatchObject({
      message: 'Booking VMLX2K9A1B2C3 is cancelled; ₹41,300 will be refunded',
      status: 'cancelled',
    });
    expect(effects.notices.find((notice) => notice.event === 'availability-changed')?.data.reason).toBe('released');
  });

  it('an expired hold tells its guest the payment failed, and mails nothing', () => {
    const effects = bookingEffects({ eventName: 'MODIFY', before: storedBooking(), after: storedBooking({ status: 'expired' }) });
    expect(effects.mail).toBeUndefined();
    expect(effects.notices.find((notice) => notice.event === 'payment-failed')?.data.error).toContain('was not completed in time');
  });

  it('a change that moves neither status nor payment causes nothing; a removed booking causes nothing', () => {
    expect(bookingEffects({ eventName: 'MODIFY', before: storedBooking(), after: storedBooking({ special_requests: 'late' }) })).toEqual({ notices: [] });
    expect(bookingEffects({ eventName: 'REMOVE', before: storedBooking() })).toEqual({ notices: [] });
  });

  it('a price change of a villa is cottage-price-updated; a new package is package-created', () => {
    const price = catalogueEffects('cottage', {
      eventName: 'MODIFY',
      before: { id: 'hornbill-1', name: 'Hornbill Villa', base_price: 9000 },
      after: { id: 'hornbill-1', name: 'Hornbill Villa', base_price: 9500 },
    });
    expect(price.notices.find((notice) => notice.audience === 'admin')).toEqual({
      audience: 'admin',
      event: 'cottage-price-updated',
      data: { cottageId: 'hornbill-1', name: 'Hornbill Villa', oldPrice: 9000, newPrice: 9500 },
    });
    const created = catalogueEffects('package', { eventName: 'INSERT', after: { id: 'honeymoon', name: 'Honeymoon' } });
    expect(created.notices.map((notice) => notice.event)).toEqual(['package-created', 'catalogue-changed']);
  });

  it('a sampled activity write becomes one availability-check carrying how many checks it stands for; its TTL expiry causes nothing', () => {
    const latest = { cottageType: 'glass-cottage', guests: 4 };
    expect(
      activityEffects({
        eventName: 'MODIFY',
        before: { kind: 'availability-check', checks: 3, latest },
        after: { kind: 'availability-check', checks: 5, latest },
      }).notices,
    ).toEqual([{ audience: 'admin', event: 'availability-check', data: { ...latest, checks: 2 } }]);
    expect(activityEffects({ eventName: 'REMOVE', before: { kind: 'availability-check', checks: 5, latest } })).toEqual({ notices: [] });
  });
});

describe('daily report counters', () => {
  it('a booking adds its rooms per night, its villa revenue spread exactly over the nights, seats and take-up on their days', () => {
    const delta = counterDelta(undefined, storedBooking());
    expect(Object.fromEntries(delta)).toEqual({
      '2027-01-10': { roomNights: 1, 'roomNights#hornbill-villa': 1, roomRevenue: 10_000 },
      '2027-01-11': { roomNights: 1, 'roomNights#hornbill-villa': 1, roomRevenue: 10_000, 'safariSeats#jungle-jeep': 2 },
      '2027-01-12': { roomNights: 1, 'roomNights#hornbill-villa': 1, roomRevenue: 10_001 },
      '2026-11-22': { bookings: 1, bookingValue: 41_300, 'package#forest-retreat': 1 },
    });
  });

  it('cancelling takes the nights, revenue and seats back and counts the cancellation and refund on its day', () => {
    const before = storedBooking({ status: 'confirmed' });
    const after = storedBooking({ status: 'cancelled', cancelled_at: '2026-12-01T04:00:00.000Z', refund_amount: 41_300 });
    const delta = counterDelta(before, after);
    expect(delta.get('2027-01-10')).toEqual({ roomNights: -1, 'roomNights#hornbill-villa': -1, roomRevenue: -10_000 });
    expect(delta.get('2026-11-22')).toEqual({ bookingValue: -41_300, 'package#forest-retreat': -1 });
    expect(delta.get('2026-12-01')).toEqual({ cancellations: 1, refunds: 41_300 });
  });

  it('a change that moves no figure adds nothing', () => {
    expect(counterDelta(storedBooking(), storedBooking({ status: 'confirmed' })).size).toBe(0);
  });
});

describe('the stream filter', () => {
  it('lets booking, catalogue, activity and sign-up changes through, and drops inventory, connections, the feed and users', () => {
    const record = (entity: string, eventName = 'INSERT') => ({ eventName, dynamodb: { NewImage: { entity: { S: entity } } } });
    expect(
      ['booking', 'payment', 'cottage', 'package', 'safari', 'pricing-rule', 'activity', 'signup'].every((entity) => matchesStreamFilter(record(entity))),
    ).toBe(true);
    expect(
      ['night', 'seats', 'connection', 'feed', 'report-day', 'effect', 'idempotency', 'user', 'signup-limit'].some((entity) =>
        matchesStreamFilter(record(entity)),
      ),
    ).toBe(false);
    expect(matchesStreamFilter({ eventName: 'REMOVE', dynamodb: { OldImage: { entity: { S: 'activity' } } } })).toBe(true);
  });
});

describe('the consumer against a failing table (partial batch responses)', () => {
  const documentMock = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    documentMock.reset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('reports the first record that failed, so the event source retries it and what follows, not what succeeded', async () => {
    const first = streamRecord(
      'MODIFY',
      { pk: 'PACKAGE#a', sk: 'PACKAGE', entity: 'package', id: 'a', name: 'A' },
      { pk: 'PACKAGE#a', sk: 'PACKAGE', entity: 'package', id: 'a', name: 'A2' },
      '100',
    );
    const second = streamRecord('INSERT', undefined, { pk: 'PACKAGE#b', sk: 'PACKAGE', entity: 'package', id: 'b', name: 'B' }, '200');
    const third = streamRecord('INSERT', undefined, { pk: 'PACKAGE#c', sk: 'PACKAGE', entity: 'package', id: 'c', name: 'C' }, '300');
    documentMock.on(QueryCommand).resolves({ Items: [] });
    documentMock.on(PutCommand).callsFake((input: { Item: { id: string } }) => {
      if (input.Item.id.startsWith('event-200')) throw new Error('ProvisionedThroughputExceededException');
      return {};
    });
    const result = await handler({ Records: [first, second, third] });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '200' }] });
    const feedIds = documentMock.commandCalls(PutCommand).map((call) => (call.args[0].input.Item as { id: string }).id);
    expect(feedIds.filter((id) => id.startsWith('event-300'))).toEqual([]);
    expect(feedIds.filter((id) => id.startsWith('event-100'))).toEqual(['event-100:0']);
  });

  it('a booking record whose report counters cannot be written is retried before any mail or frame goes out', async () => {
    documentMock.on(TransactWriteCommand).rejects(new Error('InternalServerError'));
    const record = streamRecord('INSERT', undefined, asBookingItem(storedBooking()), '400');
    expect(await handler({ Records: [record] })).toEqual({ batchItemFailures: [{ itemIdentifier: '400' }] });
    expect(documentMock.commandCalls(PutCommand)).toEqual([]);
    expect(documentMock.commandCalls(QueryCommand)).toEqual([]);
  });
});

describe('a damaged item in the stream', () => {
  const documentMock = mockClient(DynamoDBDocumentClient);
  beforeEach(() => documentMock.reset());
  afterEach(() => vi.restoreAllMocks());

  it('is logged and passed over, never retried, so it cannot hold up the records behind it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const damaged = streamRecord('INSERT', undefined, { pk: 'BOOKING#x', sk: 'BOOKING', entity: 'booking', id: 'x', status: 'pending' }, '500');
    expect(await handler({ Records: [damaged] })).toEqual({ batchItemFailures: [] });
    expect(documentMock.calls()).toEqual([]);
    expect(String(errors.mock.calls[0]?.[0])).toContain('the booking item is damaged');
  });

  it('the local casing migration rewriting an old booking item causes nothing and is not reported as damage', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const item = asBookingItem(storedBooking());
    const old = { ...item, claims: { cottageIds: item.claims.cottage_ids, nights: item.claims.nights, seats: [] } };
    expect(await handler({ Records: [streamRecord('MODIFY', old, item, '600')] })).toEqual({ batchItemFailures: [] });
    expect(documentMock.calls()).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});
