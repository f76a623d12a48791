import { describe, expect, it, vi } from 'vitest';
import { adminNoticeOf } from '@/features/admin/live/admin-notices';
import { createFeedPoller } from '@/features/admin/live/feed-polling';
import type { RealtimeFrame } from '@/lib/realtime';

const frame = (event: string, data: Record<string, unknown>, id = `${event}-1`): RealtimeFrame => ({ id, event, data, at: '2026-11-22T10:00:00.000Z' });

describe("the portal's notices", () => {
  it('turns each staff event into a bell entry, with a toast unless it is routine', () => {
    expect(
      adminNoticeOf(frame('new-booking', { booking: { booking_reference: 'FR7K2M9Q', customer_name: 'Meera Iyer', cottage_name: 'Glass Cottage' } })),
    ).toEqual({
      notice: { id: 'new-booking-1', type: 'success', title: 'New Booking', message: 'Booking FR7K2M9Q from Meera Iyer for Glass Cottage' },
      toast: true,
    });
    expect(adminNoticeOf(frame('payment-received', { paymentDetails: { amount: 36000 }, booking: { booking_reference: 'FR7K2M9Q' } }))?.notice.message).toBe(
      '₹36,000 received for FR7K2M9Q',
    );
    // Guests checking dates all day would bury everything else: the bell only.
    expect(adminNoticeOf(frame('availability-check', { cottageType: 'glass-cottage', guests: 4 }))).toMatchObject({
      notice: { title: 'Availability Check', message: 'A guest checked glass cottage for 4 guests' },
      toast: false,
    });
    expect(adminNoticeOf(frame('cottage-price-updated', { name: 'Glass Cottage', newPrice: 18000 }))?.notice.message).toBe(
      'Glass Cottage now costs ₹18,000 a night',
    );
    expect(adminNoticeOf(frame('package-created', { package: { name: 'Monsoon Special' } }))?.notice.message).toBe('Monsoon Special was created');
    expect(adminNoticeOf(frame('safari-created', { safari: { name: 'Birding Walk' } }))?.notice.message).toBe('Birding Walk was created');
    const block = { cottageName: 'Glass Cottage', checkIn: '2026-12-01', checkOut: '2026-12-04', reason: 'Roof repair' };
    expect(adminNoticeOf(frame('block-created', { block }))).toMatchObject({
      notice: { title: 'Nights Blocked', message: 'Glass Cottage: 2026-12-01 to 2026-12-04 (Roof repair)' },
      toast: false,
    });
    expect(adminNoticeOf(frame('block-removed', { block }))?.notice.message).toBe('Glass Cottage: 2026-12-01 to 2026-12-04 are on sale again');
    expect(
      adminNoticeOf(
        frame('channel-conflict', {
          channel: { name: 'Booking.com' },
          conflicts: [
            { uid: 'a', nights: ['2026-12-01', '2026-12-02'], with: { kind: 'booking', bookingReference: 'FR7K2M9Q' } },
            { uid: 'b', nights: ['2026-12-09'], with: { kind: 'block' } },
          ],
        }),
      ),
    ).toMatchObject({
      notice: { type: 'warning', title: 'Channel Conflict', message: 'Booking.com sold 2026-12-01, 2026-12-02 that booking FR7K2M9Q holds (and 1 more)' },
      toast: true,
    });
    expect(adminNoticeOf(frame('booking-update', {}))).toBeUndefined();
  });
});

describe('the feed, polled while the socket is down', () => {
  const answer = (events: Array<{ id: string; at: string; event?: string }>, more = false) =>
    new Response(JSON.stringify({ success: true, data: { events: events.map((entry) => ({ event: 'new-booking', data: {}, ...entry })), more } }), {
      headers: { 'content-type': 'application/json' },
    });

  it('hands on each entry once, and asks next from the last entry it saw', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        answer([
          { id: 'a', at: '2026-11-22T10:04:00.000Z' },
          { id: 'b', at: '2026-11-22T10:04:30.000Z' },
        ]),
      )
      .mockResolvedValueOnce(
        answer([
          { id: 'b', at: '2026-11-22T10:04:30.000Z' },
          { id: 'c', at: '2026-11-22T10:05:00.000Z' },
        ]),
      );
    vi.stubGlobal('fetch', fetchMock);
    const seen = new Set<string>(['a']); // already heard on the socket
    const frames: RealtimeFrame[] = [];
    const how: boolean[] = [];
    const poller = createFeedPoller({
      seen,
      onFrame: (heard, { catchingUp }) => {
        frames.push(heard);
        how.push(catchingUp);
      },
      now: () => Date.parse('2026-11-22T10:05:00.000Z'),
    });

    await poller.catchUp();
    await poller.catchUp();

    expect(frames.map((heard) => heard.id)).toEqual(['b', 'c']);
    // A catch-up read is history: the portal puts it in the bell without toasts.
    expect(how).toEqual([true, true]);
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    expect(urls[0]?.searchParams.get('audience')).toBe('admin');
    // Two minutes before now at first (entries carry their record's time, to the second), then the last entry's time.
    expect(urls[0]?.searchParams.get('since')).toBe('2026-11-22T10:03:00.000Z');
    expect(urls[1]?.searchParams.get('since')).toBe('2026-11-22T10:04:30.000Z');
  });

  it('reads on while the server says there is more', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer([{ id: 'x', at: '2026-11-22T10:00:00.000Z' }], true))
      .mockResolvedValueOnce(answer([{ id: 'y', at: '2026-11-22T10:00:01.000Z' }], false));
    vi.stubGlobal('fetch', fetchMock);
    const frames: RealtimeFrame[] = [];
    await createFeedPoller({ seen: new Set(), onFrame: (heard) => frames.push(heard) }).catchUp();
    expect(frames.map((heard) => heard.id)).toEqual(['x', 'y']);
  });
});
