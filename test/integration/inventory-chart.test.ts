import { describe, expect, it } from 'vitest';
import { accountWithToken } from '../support/accounts.ts';
import { inDays } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { channelCalendar, useIcsServer } from '../support/ics-server.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * GET /api/admin/inventory (issue 17), the inventory calendar's read, through the real local stack:
 * every unit's row with its holds, bookings, blocks and channel stays as bars (guest name and
 * reference for staff, the block's reason, the channel's name), cut to the range asked for.
 */
const stack = useTestStack();
const { call, book } = useCatalogueAdmin(stack);
const server = useIcsServer();

describe('the inventory calendar (GET /api/admin/inventory)', () => {
  it('gives each unit its bars: a hold with the guest and reference, a block with its reason, a channel stay with the channel', async () => {
    const held = await book({ checkIn: inDays(10), checkOut: inDays(13) });
    const block = await call('POST', '/admin/blocks', { cottageId: 'glass-1', checkIn: inDays(11), checkOut: inDays(12), reason: 'Painting' });
    server.feeds.serve('/k.ics', { body: channelCalendar([{ uid: 'bdc-9', start: inDays(12), end: inDays(14) }]) });
    const channel = await call('POST', '/admin/channels', { cottageId: 'kingfisher-1', name: 'Booking.com', url: server.feeds.url('/k.ics') });
    expect((await call('POST', `/admin/channels/${channel.body.data.id}/sync`)).status).toBe(200);

    const chart = await call('GET', `/admin/inventory?from=${inDays(11)}&to=${inDays(25)}`);

    expect(chart.status).toBe(200);
    expect(chart.body.data.from).toBe(inDays(11));
    const row = (id: string) => chart.body.data.units.find((unit: { id: string }) => unit.id === id);
    expect(row('hornbill-1').bars).toEqual([
      expect.objectContaining({
        kind: 'hold',
        id: held.booking.id,
        // Begun before the range: cut to it, and said so.
        start: inDays(11),
        end: inDays(13),
        continuesBefore: true,
        label: 'Ms Asha Rao',
        reference: held.bookingReference,
        status: 'pending',
        heldUntil: expect.any(String),
      }),
    ]);
    expect(row('glass-1').bars).toEqual([{ kind: 'block', id: block.body.data.id, start: inDays(11), end: inDays(12), label: 'Blocked', reason: 'Painting' }]);
    expect(row('kingfisher-1').bars).toEqual([
      { kind: 'channel', id: channel.body.data.id, start: inDays(12), end: inDays(14), label: 'Booking.com', reference: 'bdc-9' },
    ]);
    expect(row('kingfisher-1').conflicts).toEqual([]);
    // Nothing outside the range.
    const later = await call('GET', `/admin/inventory?from=${inDays(30)}&to=${inDays(40)}`);
    expect(later.body.data.units.flatMap((unit: { bars: unknown[] }) => unit.bars)).toEqual([]);
  });

  it('refuses a range the wrong way round or over 62 nights; the front desk may read it, a guest may not', async () => {
    expect((await call('GET', `/admin/inventory?from=${inDays(5)}&to=${inDays(5)}`)).status).toBe(400);
    expect((await call('GET', `/admin/inventory?from=${inDays(1)}&to=${inDays(80)}`)).status).toBe(400);
    expect((await call('GET', '/admin/inventory?from=2026-02-30')).status).toBe(400);
    const frontDesk = await accountWithToken('staff');
    expect((await getJson(`${stack.api}/admin/inventory`, { headers: { authorization: frontDesk.authorization } })).status).toBe(200);
    const guest = await accountWithToken('customer');
    expect((await getJson(`${stack.api}/admin/inventory`, { headers: { authorization: guest.authorization } })).status).toBe(403);
  });

  it('marks the nights a channel sold that a booking holds here, with what holds them', async () => {
    const booked = await book({ cottageType: 'glass-cottage', checkIn: inDays(40), checkOut: inDays(42) });
    server.feeds.serve('/g.ics', { body: channelCalendar([{ uid: 'abnb-5', start: inDays(41), end: inDays(43) }]) });
    const channel = await call('POST', '/admin/channels', { cottageId: 'glass-1', name: 'Airbnb', url: server.feeds.url('/g.ics') });
    expect((await call('POST', `/admin/channels/${channel.body.data.id}/sync`)).body.data.conflicts).toHaveLength(1);

    const chart = await call('GET', `/admin/inventory?from=${inDays(38)}&to=${inDays(48)}`);

    const glass = chart.body.data.units.find((unit: { id: string }) => unit.id === 'glass-1');
    expect(glass.conflicts).toEqual([{ night: inDays(41), channelId: channel.body.data.id, channel: 'Airbnb', heldBy: `booking ${booked.bookingReference}` }]);
    // The channel's free night is its stay; the held one stays the guest's.
    expect(glass.bars.map((bar: { kind: string; start: string; end: string }) => [bar.kind, bar.start, bar.end])).toEqual([
      ['hold', inDays(40), inDays(42)],
      ['channel', inDays(42), inDays(43)],
    ]);
  });
});
