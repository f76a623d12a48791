import { describe, expect, it } from 'vitest';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { inDays } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * The admin catalogue's packages (issue 10) through the real local stack: created, changed and
 * deleted with the portal's payloads, each change audited, deletes refused while guests are coming,
 * and the staff events from the table's stream.
 */
const stack = useTestStack();
const { adminFrame, call, book, cancel } = useCatalogueAdmin(stack);

const packageBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tiger Trail Weekend',
  type: 'safari',
  description: 'Two nights, all meals and two jeep safaris.',
  price_multiplier: 1.5,
  includes_safari: 1,
  max_safaris: 2,
  is_active: 1,
  ...overrides,
});

describe('packages', () => {
  it('creates a package from the portal payload (0/1 flags), fills the rest, and staff hear package-created', async () => {
    const created = await call('POST', '/packages/admin', packageBody());

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({
      id: 'tiger-trail-weekend',
      name: 'Tiger Trail Weekend',
      type: 'safari',
      category: 'adventure',
      description: 'Two nights, all meals and two jeep safaris.',
      price_multiplier: 1.5,
      price: 22500,
      includes_safari: true,
      max_safaris: 2,
      min_guests: 1,
      max_guests: 6,
      duration: '1 day',
      includes: [],
      exclusions: [],
      status: 'active',
      is_active: true,
    });
    expect(await adminFrame('package-created', (data) => data.package?.id === 'tiger-trail-weekend')).toMatchObject({
      package: { id: 'tiger-trail-weekend', name: 'Tiger Trail Weekend' },
    });
    const guests = await getJson<Array<{ id: string }>>(`${stack.api}/packages`);
    expect(guests.body.data?.map((stayPackage) => stayPackage.id)).toContain('tiger-trail-weekend');
    // One package price (shared/package-price.ts): the portal's price is what one guest pays for one night.
    const quoted = await getJson<{ basePrice: number; price: number }>(`${stack.api}/packages/calculate-pricing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ packageId: 'tiger-trail-weekend', guests: 1, nights: 1 }),
    });
    expect(quoted.body.data).toMatchObject({ basePrice: 22500, price: 22500 });
    const [entry] = await auditOf({ entity: 'package', id: 'tiger-trail-weekend' });
    expect(entry).toMatchObject({ action: 'package.create', after: { price_multiplier: 1.5 } });
  });

  it('derives includes_safari and max_safaris from the includes when they are not sent; is_active 0 hides it from guests', async () => {
    const created = await call('POST', '/packages/admin', {
      name: 'Monsoon Walks',
      description: 'Rain walks',
      price: 18000,
      includes: 'All meals, One evening safari',
      exclusions: 'Alcohol',
      is_active: 0,
      max_guests: 4,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      price_multiplier: 1.2,
      includes_safari: true,
      max_safaris: 2,
      includes: ['All meals', 'One evening safari'],
      exclusions: ['Alcohol'],
      status: 'inactive',
      is_active: false,
      duration: '2-3 nights',
      category: 'standard',
    });
    const guests = await getJson<Array<{ id: string }>>(`${stack.api}/packages`);
    expect(guests.body.data?.map((stayPackage) => stayPackage.id)).not.toContain('monsoon-walks');
    const all = await call('GET', '/packages/admin/all');
    expect(all.body.data.map((stayPackage: { id: string }) => stayPackage.id)).toContain('monsoon-walks');
  });

  it('answers 400 with details, 409 for a taken name, 404 for an unknown package', async () => {
    const invalid = await call('POST', '/packages/admin', { type: 'spa', includes_safari: 'yes', price_multiplier: 0 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toMatchObject({
      name: ['Package name is required'],
      description: ['Description is required'],
      type: ['Type is accommodation, safari, wellness, adventure or corporate'],
      includes_safari: ['includes_safari is 0 or 1'],
      price_multiplier: ['Price must be more than ₹0'],
    });
    expect((await call('POST', '/packages/admin', packageBody())).status).toBe(409);
    expect((await call('PUT', '/packages/admin/no-such-package', packageBody())).status).toBe(404);
    expect((await call('DELETE', '/packages/admin/no-such-package')).status).toBe(404);
  });

  it('updates keep what the portal payload does not carry, and the audit has before and after', async () => {
    await call('PUT', '/packages/admin/monsoon-walks', {
      name: 'Monsoon Walks',
      description: 'Rain walks',
      price: 18000,
      includes: 'All meals',
      max_guests: 4,
    });
    const updated = await call('PUT', '/packages/admin/monsoon-walks', {
      name: 'Monsoon Walks',
      type: 'wellness',
      description: 'Rain walks and a spa',
      price_multiplier: 1.25,
      includes_safari: 0,
      max_safaris: 0,
      is_active: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      max_guests: 4,
      includes: ['All meals'],
      exclusions: ['Alcohol'],
      price: 18750,
      is_active: true,
      status: 'active',
    });
    const [entry] = await auditOf({ entity: 'package', id: 'monsoon-walks' });
    expect(entry).toMatchObject({ action: 'package.update', before: { price_multiplier: 1.2 }, after: { price_multiplier: 1.25, type: 'wellness' } });
  });

  it('refuses to delete a package an upcoming booking carries, reports it in the stats, and deletes it once that booking is cancelled', async () => {
    const booked = await book({ cottageType: 'hornbill-villa', packageId: 'tiger-trail-weekend', checkIn: inDays(130), checkOut: inDays(132) });
    const refused = await call('DELETE', '/packages/admin/tiger-trail-weekend');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Tiger Trail Weekend has 1 upcoming booking. Set it to inactive instead, so no new guest can book it.');

    const stats = await call('GET', '/packages/admin/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({ total: 6, active: 6, with_safari: 2 });
    const row = stats.body.data.packages.find((entry: { id: string }) => entry.id === 'tiger-trail-weekend');
    expect(row).toMatchObject({ upcoming_bookings: 1 });
    // Take-up comes from the daily counters, which the stream consumer moves shortly after the booking.
    await expect
      .poll(
        async () =>
          (await call('GET', '/packages/admin/stats')).body.data.packages.find((entry: { id: string }) => entry.id === 'tiger-trail-weekend')
            .bookings_last_30_days,
        {
          timeout: 5000,
        },
      )
      .toBe(1);

    await cancel(booked.bookingReference);
    const deleted = await call('DELETE', '/packages/admin/tiger-trail-weekend');
    expect(deleted.status).toBe(200);
    expect((await auditOf({ entity: 'package', id: 'tiger-trail-weekend' }))[0]).toMatchObject({
      action: 'package.delete',
      before: { name: 'Tiger Trail Weekend' },
    });
  });
});
