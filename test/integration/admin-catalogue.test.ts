import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { cottageKeys } from '../../functions/lib/db/keys.ts';
import { getItem } from '../../functions/lib/db/query.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { connect } from '../support/ws-client.ts';

/**
 * The admin catalogue (issue 10) through the real local stack: cottages (units of a villa type),
 * packages and safaris created, changed and deleted with the spec's payloads, each change audited
 * in its own transaction, deletes refused while guests are coming, and what guests see changing
 * on their next request; the spec's admin events arrive from the table's stream.
 */
const stack = useTestStack();

let authorization = '';
let admin: Awaited<ReturnType<typeof connect>>;

beforeAll(async () => {
  const manager = await accountWithToken('manager', 'Meera Manager');
  authorization = manager.authorization;
  admin = await connect(stack.wsUrl);
  admin.send({ action: 'join-admin', token: manager.token });
  await admin.next('joined');
});
afterAll(() => admin.close());

/** The next admin frame of this event about this id (the seed's own inserts may still be on their way). */
async function adminFrame(event: string, about: (data: Record<string, any>) => boolean) {
  for (;;) {
    const frame = await admin.next(event, 10_000);
    if (about(frame.data)) return frame.data;
  }
}

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.api}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; data?: any; error?: string; details?: Record<string, string[]>; code?: string },
  };
}

const book = async (overrides: Record<string, unknown>) => {
  const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody(overrides), { 'idempotency-key': newKey() });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data as { bookingReference: string; booking: { id: string; cottage_ids: string[] } };
};
const cancel = async (reference: string) => {
  const response = await fetch(`${stack.api}/bookings/reference/${reference}/cancel`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'asha@example.in' }),
  });
  expect(response.status).toBe(200);
};

const units = async (type: string, day: string) => {
  const { body } = await getJson<{ nights: Array<{ totalUnits: number; freeUnits: number }> }>(
    `${stack.api}/cottages/${type}/availability?startDate=${day}&endDate=${day}`,
  );
  return body.data?.nights[0];
};

const cottageBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kingfisher Villa 2',
  description: 'A second stream-side villa for four.',
  price_per_night: 15000,
  capacity: 4,
  amenities: 'Queen Bed, River View ,WiFi',
  status: 'active',
  type: 'kingfisher-villa',
  ...overrides,
});

describe('cottages: units of a villa type', () => {
  it('creates a unit from the spec payload (amenities as text), and its type has one more unit to sell', async () => {
    const day = inDays(90);
    expect(await units('kingfisher-villa', day)).toMatchObject({ totalUnits: 1, freeUnits: 1 });

    const created = await call('POST', '/cottages/admin/create', cottageBody());

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      id: 'kingfisher-villa-2',
      price_per_night: 15000,
      capacity: 4,
      amenities: 'Queen Bed, River View, WiFi',
      amenity_list: ['Queen Bed', 'River View', 'WiFi'],
      status: 'active',
      size_sqft: 900,
      images: ['/images/villas/kingfisher-villa.svg'],
      confirmed_bookings: 0,
      total_bookings: 0,
    });
    const stored = await getItem(cottageKeys.item('kingfisher-villa-2'), true);
    expect(stored).toMatchObject({ base_price: 15000, max_guests: 4, amenities: ['Queen Bed', 'River View', 'WiFi'], type: 'kingfisher-villa' });
    expect(await units('kingfisher-villa', day)).toMatchObject({ totalUnits: 2, freeUnits: 2 });
    // Guests still see one Kingfisher card: a unit adds availability, not a second villa.
    const listed = await getJson<Array<{ type: string }>>(`${stack.api}/cottages`);
    expect(listed.body.data?.filter((cottage) => cottage.type === 'kingfisher-villa')).toHaveLength(1);

    const [entry] = await auditOf({ entity: 'cottage', id: 'kingfisher-villa-2' });
    expect(entry).toMatchObject({ action: 'cottage.create', subject_id: 'kingfisher-villa-2', label: 'Kingfisher Villa 2', actor: { name: 'Meera Manager' } });
    expect(entry?.after).toMatchObject({ base_price: 15000 });
    expect(entry?.before).toBeUndefined();
  });

  it('answers 400 with a message per field, 409 for a taken name and 404 for an unknown cottage', async () => {
    const invalid = await call('POST', '/cottages/admin/create', { amenities: 'WiFi', status: 'closed' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toMatchObject({
      name: ['Cottage name is required'],
      description: ['Description is required'],
      price_per_night: ['Price per night is required'],
      capacity: ['Capacity is required'],
      status: ['Status is active, inactive or maintenance'],
      type: ['Choose the villa type this cottage is a unit of'],
    });

    const duplicate = await call('POST', '/cottages/admin/create', cottageBody());
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details).toEqual({ name: ['A cottage with this name already exists'] });

    expect((await call('PUT', '/cottages/admin/update/no-such-villa', cottageBody())).status).toBe(404);
    expect((await call('DELETE', '/cottages/admin/delete/no-such-villa')).status).toBe(404);
    expect((await call('PATCH', '/cottages/no-such-villa/pricing', { price_per_night: 100 })).status).toBe(404);
  });

  it('refuses to delete a unit with an upcoming booking and offers deactivation; a retired unit keeps it and is not offered again', async () => {
    const checkIn = inDays(95);
    const booked = await book({ cottageType: 'kingfisher-villa', rooms: 2, adults: 2, checkIn, checkOut: inDays(96) });
    expect(booked.booking.cottage_ids.sort()).toEqual(['kingfisher-1', 'kingfisher-villa-2']);

    const refused = await call('DELETE', '/cottages/admin/delete/kingfisher-villa-2');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Kingfisher Villa 2 has 1 upcoming booking. Set it to inactive instead, so no new guest can book it.');
    expect(refused.body.code).toBe('has_upcoming_bookings');
    const listed = await call('GET', '/cottages/admin/all');
    expect(listed.body.data.find((cottage: { id: string }) => cottage.id === 'kingfisher-villa-2')).toMatchObject({ confirmed_bookings: 0, total_bookings: 1 });

    const retired = await call('PUT', '/cottages/admin/update/kingfisher-villa-2', cottageBody({ status: 'inactive' }));
    expect(retired.status).toBe(200);
    expect(await units('kingfisher-villa', inDays(100))).toMatchObject({ totalUnits: 1 });
    // The booking keeps its night on the retired unit.
    expect(await getItem(cottageKeys.night('kingfisher-villa-2', checkIn), true)).toMatchObject({ bookingId: booked.booking.id });
    // A second booking of two rooms cannot land on the retired unit.
    const twoRooms = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ cottageType: 'kingfisher-villa', rooms: 2, checkIn: inDays(100), checkOut: inDays(101) }),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(twoRooms.status).toBe(409);

    expect((await call('DELETE', '/cottages/admin/delete/kingfisher-villa-2')).status).toBe(409);
    await cancel(booked.bookingReference);
    const deleted = await call('DELETE', '/cottages/admin/delete/kingfisher-villa-2');
    expect(deleted.status).toBe(200);
    expect(await getItem(cottageKeys.item('kingfisher-villa-2'), true)).toBeUndefined();
    const history = await auditOf({ entity: 'cottage', id: 'kingfisher-villa-2' });
    expect(history.map((entry) => entry.action)).toEqual(['cottage.delete', 'cottage.update', 'cottage.create']);
    expect(history[1]?.before).toMatchObject({ status: 'active' });
    expect(history[1]?.after).toMatchObject({ status: 'inactive' });
  });

  it('a price change is on the next GET /api/cottages and in a fresh quote, and staff and guests hear cottage-price-updated', async () => {
    const quote = async () =>
      (await postJson(`${stack.api}/packages/calculate-pricing`, { cottageType: 'glass-cottage', checkIn: inDays(120), checkOut: inDays(122), adults: 2 })).body
        .data;
    const before = await quote();
    const guest = await connect(stack.wsUrl);
    guest.send({ action: 'join-customer' });
    await guest.next('joined');

    const changed = await call('PATCH', '/cottages/glass-1/pricing', { price_per_night: 27500 });

    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: 'glass-1', price_per_night: 27500 });
    const listed = await getJson<Array<{ id: string; base_price: number }>>(`${stack.api}/cottages`);
    expect(listed.body.data?.find((cottage) => cottage.id === 'glass-1')?.base_price).toBe(27500);
    const after = await quote();
    expect(after.villa.basePrice).toBe(27500);
    expect(after.villa.amount / before.villa.amount).toBeCloseTo(27500 / 25000, 5);

    expect(await adminFrame('cottage-price-updated', (data) => data.cottageId === 'glass-1')).toMatchObject({
      cottageId: 'glass-1',
      oldPrice: 25000,
      newPrice: 27500,
    });
    expect((await guest.next('cottage-price-updated', 10_000)).data).toMatchObject({ cottageId: 'glass-1', newPrice: 27500 });
    // Earlier changes of this file may still be on their way: the one about glass-1 arrives among them.
    let refresh = await guest.next('catalogue-changed', 10_000);
    for (let skipped = 0; refresh.data.id !== 'glass-1' && skipped < 10; skipped += 1) refresh = await guest.next('catalogue-changed', 10_000);
    expect(refresh.data).toMatchObject({ entity: 'cottage', id: 'glass-1' });
    await guest.close();
    const [entry] = await auditOf({ entity: 'cottage', id: 'glass-1' });
    expect(entry).toMatchObject({ action: 'cottage.price', before: { base_price: 25000 }, after: { base_price: 27500 } });

    const invalid = await call('PATCH', '/cottages/glass-1/pricing', {});
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual({ price_per_night: ['Price per night is required'] });
  });

  it('units of one type share its price: a new unit at another price moves the type', async () => {
    const created = await call(
      'POST',
      '/cottages/admin/create',
      cottageBody({ name: 'Glass Cottage Two', type: 'glass-cottage', price_per_night: 26000, capacity: 8 }),
    );
    expect(created.status).toBe(201);
    expect(await getItem(cottageKeys.item('glass-1'), true)).toMatchObject({ base_price: 26000 });
    const [entry] = await auditOf({ entity: 'cottage', id: 'glass-1' });
    expect(entry).toMatchObject({ action: 'cottage.price', before: { base_price: 27500 }, after: { base_price: 26000 } });
  });
});

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
  it("creates a package from the spec's payload (0/1 flags), fills the rest, and staff hear package-created", async () => {
    const created = await call('POST', '/packages/admin', packageBody());

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({
      id: 'tiger-trail-weekend',
      name: 'Tiger Trail Weekend',
      type: 'safari',
      category: 'adventure',
      description: 'Two nights, all meals and two jeep safaris.',
      price_multiplier: 1.5,
      price: 15000,
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
    const [entry] = await auditOf({ entity: 'package', id: 'tiger-trail-weekend' });
    expect(entry).toMatchObject({ action: 'package.create', after: { price_multiplier: 1.5 } });
  });

  it('derives includes_safari and max_safaris from the includes when they are not sent; is_active 0 hides it from guests', async () => {
    const created = await call('POST', '/packages/admin', {
      name: 'Monsoon Walks',
      description: 'Rain walks',
      price: 12000,
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

  it('updates keep what the spec payload does not carry, and the audit has before and after', async () => {
    await call('PUT', '/packages/admin/monsoon-walks', {
      name: 'Monsoon Walks',
      description: 'Rain walks',
      price: 12000,
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
      price: 12500,
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
  it("creates a safari from the spec's fields, bookable by guests at its time, and staff hear safari-created", async () => {
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

  it('lists the seeded safaris in the spec shape, times from their first slot', async () => {
    const all = await call('GET', '/safaris/admin/all');
    expect(all.body.data.find((safari: { id: string }) => safari.id === 'morning-jeep-safari')).toMatchObject({
      type: 'morning',
      start_time: '06:00',
      end_time: '09:00',
      meeting_point: '',
      status: 'active',
    });
  });
});

describe('a unit retired or deleted while a guest books it', () => {
  it('refuses the booking in its own transaction (the unit must still be active), so no booking is left on a retired unit', async () => {
    // Retire the sample glass cottage's only unit at the very moment the booking's transaction is sent.
    const unit = cottageKeys.item('glass-1');
    const name = `retire-${Math.random()}`;
    let retired = false;
    documentClient.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { TransactItems?: Array<Record<string, { Key?: Record<string, unknown> }>> };
        const claimsGlass = input.TransactItems?.some((item) => Object.values(item).some((write) => write.Key?.pk === 'COTTAGE#glass-1'));
        if (!retired && claimsGlass) {
          retired = true;
          await documentClient.send(
            new UpdateCommand({
              TableName: tableName,
              Key: unit,
              UpdateExpression: 'SET #status = :inactive',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':inactive': 'inactive' },
            }),
          );
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const booked = await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(150), checkOut: inDays(151) }), {
        'idempotency-key': newKey(),
      });
      expect(retired).toBe(true);
      expect(booked.status).toBe(409);
      expect(await getItem(cottageKeys.night('glass-1', inDays(150)))).toBeUndefined();
    } finally {
      documentClient.middlewareStack.remove(name);
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: unit,
          UpdateExpression: 'SET #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'active' },
        }),
      );
    }
  });
});
