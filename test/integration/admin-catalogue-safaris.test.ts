import { describe, expect, it } from 'vitest';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { inDays } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * The admin catalogue's safaris (issue 10) through the real local stack: created, changed and
 * deleted with the portal's fields, each change audited, deletes refused while seats are sold ahead,
 * and the staff events from the table's stream.
 */
const stack = useTestStack();
const { adminFrame, call, book, cancel } = useCatalogueAdmin(stack);

const safariBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Full Day Tiger Trail',
  description: 'A day in the core zone with a packed lunch at the watchtower.',
  type: 'full-day',
  duration: '8 hours',
  price: 3500,
  max_guests: 6,
  start_time: '08:00',
  end_time: '16:00',
  meeting_point: 'Main gate jeep bay',
  includes: 'Open jeep, Naturalist guide, Packed lunch',
  exclusions: 'Camera fee',
  status: 'active',
  ...overrides,
});

describe('safaris', () => {
  it("creates a safari from the portal's fields, bookable by guests at its time, and staff hear safari-created", async () => {
    const created = await call('POST', '/safaris/admin', safariBody());

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      id: 'full-day-tiger-trail',
      type: 'full-day',
      category: 'standard',
      start_time: '08:00',
      end_time: '16:00',
      time_slots: ['08:00-16:00'],
      meeting_point: 'Main gate jeep bay',
      includes: ['Open jeep', 'Naturalist guide', 'Packed lunch'],
      exclusions: ['Camera fee'],
      seats_per_slot: 12,
      status: 'active',
      is_active: true,
    });
    expect(await adminFrame('safari-created', (data) => data.safari?.id === 'full-day-tiger-trail')).toMatchObject({ safari: { id: 'full-day-tiger-trail' } });
    const guests = await getJson<Array<{ id: string }>>(`${stack.api}/safaris`);
    expect(guests.body.data?.map((safari) => safari.id)).toContain('full-day-tiger-trail');
    expect((await auditOf({ entity: 'safari', id: 'full-day-tiger-trail' }))[0]).toMatchObject({ action: 'safari.create' });
  });

  it('answers 400 with each missing field, and an end before the start; 409 and 404 as for the others', async () => {
    const invalid = await call('POST', '/safaris/admin', { type: 'morning' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toMatchObject({
      name: ['Safari name is required'],
      duration: ['Duration is required'],
      price: ['Price is required'],
      max_guests: ['Max guests is required'],
      start_time: ['Start time is required'],
      end_time: ['End time is required'],
      meeting_point: ['Meeting point is required'],
      description: ['Description is required'],
      includes: ['Includes is required'],
    });
    const backwards = await call('POST', '/safaris/admin', safariBody({ name: 'Backwards', start_time: '16:00', end_time: '08:00' }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual({ end_time: ['End time must be after the start time'] });
    expect((await call('POST', '/safaris/admin', safariBody())).status).toBe(409);
    expect((await call('PUT', '/safaris/admin/no-such-safari', safariBody())).status).toBe(404);
    expect((await call('DELETE', '/safaris/admin/no-such-safari')).status).toBe(404);
  });

  it('refuses to delete a safari with seats sold ahead, shows them in the stats, and deletes it after deactivation and cancellation', async () => {
    const booked = await book({
      cottageType: 'hornbill-villa',
      packageId: 'safari-adventure',
      checkIn: inDays(140),
      checkOut: inDays(142),
      selectedSafaris: [{ safariId: 'full-day-tiger-trail', date: inDays(141), timeSlot: '08:00-16:00', guests: 2 }],
    });
    const refused = await call('DELETE', '/safaris/admin/full-day-tiger-trail');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Full Day Tiger Trail has 2 seats booked on 1 upcoming day. Set it to inactive instead, so no new guest can book it.');
    const stats = await call('GET', '/safaris/admin/stats');
    expect(stats.body.data.safaris.find((entry: { id: string }) => entry.id === 'full-day-tiger-trail')).toMatchObject({ upcoming_seats: 2, upcoming_days: 1 });

    // Its time cannot move from under the guests holding seats.
    const moved = await call('PUT', '/safaris/admin/full-day-tiger-trail', safariBody({ start_time: '09:00' }));
    expect(moved.status).toBe(409);
    const deactivated = await call('PUT', '/safaris/admin/full-day-tiger-trail', safariBody({ status: 'inactive' }));
    expect(deactivated.status).toBe(200);
    expect((await getJson(`${stack.api}/safaris/full-day-tiger-trail`)).status).toBe(404);

    await cancel(booked.bookingReference);
    expect((await call('DELETE', '/safaris/admin/full-day-tiger-trail')).status).toBe(200);
    const history = await auditOf({ entity: 'safari', id: 'full-day-tiger-trail' });
    expect(history.map((entry) => entry.action)).toEqual(['safari.delete', 'safari.update', 'safari.create']);
    expect(history[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false, status: 'inactive' } });
  });

  it('lists the seeded safaris in the wire shape, times from their first slot', async () => {
    const all = await call('GET', '/safaris/admin/all');
    expect(all.body.data.find((safari: { id: string }) => safari.id === 'morning-jeep-safari')).toMatchObject({
      type: 'morning',
      start_time: '06:00',
      end_time: '09:00',
      meeting_point: 'Safari desk by the main gate',
      status: 'active',
    });
  });
});
