import { describe, expect, it } from 'vitest';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * Kinds of stay are data (issue 17), through the real local stack on DynamoDB Local: the spec's
 * cottage payload without a `type` makes a new villa type with one unit that guests see and book at
 * once, at its own price and capacity; with `type` it adds a unit, whose own capacity is respected;
 * a type's price is every unit's; a retired type is off sale at once. The sample resort has three
 * Kingfisher units, so two rooms can be booked.
 */
const stack = useTestStack();
const { call, book } = useCatalogueAdmin(stack);

type Card = { id: string; type: string; name: string; base_price: number; max_guests: number; images: string[] };
const guestCards = async () => (await getJson<Card[]>(`${stack.api}/cottages`)).body.data ?? [];
const availability = (id: string, body: Record<string, unknown>) =>
  postJson(`${stack.api}/cottages/${id}/availability`, { checkIn: inDays(70), checkOut: inDays(72), guests: 2, rooms: 1, ...body });

const treehouse = {
  name: 'Treehouse',
  description: 'A cabin in the canopy of an old fig, reached by a rope bridge.',
  price_per_night: 30000,
  capacity: 4,
  amenities: 'Queen Bed, Canopy View',
  status: 'active',
};

describe('villa types', () => {
  it("the spec's cottage payload without a type makes a new type with one unit: guests see it at once and book it at its price", async () => {
    const glassBefore = (await guestCards()).find((card) => card.type === 'glass-cottage');

    const created = await call('POST', '/cottages/admin/create', treehouse);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ id: 'treehouse-1', type: 'treehouse', name: 'Treehouse', price_per_night: 30000, capacity: 4 });
    const [entry] = await auditOf({ entity: 'stay-type', id: 'treehouse' });
    expect(entry).toMatchObject({ action: 'stay-type.create', actor: { name: 'Meera Manager' } });

    const card = (await guestCards()).find((each) => each.type === 'treehouse');
    expect(card).toMatchObject({ name: 'Treehouse', base_price: 30000, max_guests: 4, images: ['/images/villas/placeholder.svg'] });
    // No other type changed: the old bug made it a Glass Cottage unit and raised every Glass Cottage.
    expect((await guestCards()).find((each) => each.type === 'glass-cottage')).toEqual(glassBefore);

    const tooMany = await availability('treehouse', { guests: 5 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details?.guests).toEqual(['This villa can accommodate maximum 4 guests']);
    const free = await availability('treehouse', { guests: 4 });
    expect(free.status).toBe(200);
    expect(free.body.data).toMatchObject({ available: true, totalPrice: expect.any(Number), cottage: { type: 'treehouse', name: 'Treehouse', max_guests: 4 } });

    const booked = await book({ cottageType: 'treehouse', checkIn: inDays(70), checkOut: inDays(72), adults: 4 });
    expect(booked.booking.cottage_ids).toEqual(['treehouse-1']);
    expect(booked.booking).toMatchObject({ cottage_type: 'treehouse', cottage_name: 'Treehouse' });
    expect((await availability('treehouse', {})).body.data.available).toBe(false);

    // A second type of the same name is refused, naming what to do.
    const again = await call('POST', '/cottages/admin/create', treehouse);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("A villa type named 'Treehouse' already exists. Add a unit to it, or choose another name.");
  });

  it("with a type it adds a unit of that type; the unit's own capacity is respected, and never above its type's", async () => {
    const type = await call('POST', '/admin/stay-types', { ...treehouse, name: 'Canopy Tent', price_per_night: 9000, capacity: 4, status: 'active' });
    expect(type.status, JSON.stringify(type.body)).toBe(201);
    expect(type.body.data).toMatchObject({ id: 'canopy-tent', units: 0, active_units: 0, status: 'active' });
    // A type without a unit is not offered.
    expect((await guestCards()).some((card) => card.type === 'canopy-tent')).toBe(false);

    const unit = (name: string, capacity: number) =>
      call('POST', '/cottages/admin/create', { ...treehouse, name, price_per_night: 9000, capacity, type: 'canopy-tent' });
    const over = await unit('Canopy Tent Big', 6);
    expect(over.status).toBe(400);
    expect(over.body.details?.capacity).toEqual(["A unit of Canopy Tent takes at most 4 guests (the villa type's capacity)"]);
    const unknown = await call('POST', '/cottages/admin/create', { ...treehouse, name: 'Somewhere', type: 'no-such-type' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details?.type).toEqual(['Choose one of the villa types, or leave it out to make a new one']);

    expect((await unit('Canopy Tent Small', 2)).status).toBe(201);
    // The type's own id is never a unit's: 'Canopy Tent' as a unit name becomes canopy-tent-1.
    expect((await unit('Canopy Tent', 4)).body.data).toMatchObject({ id: 'canopy-tent-1', type: 'canopy-tent' });
    const listed = await call('GET', '/admin/stay-types');
    expect(listed.body.data.find((each: { id: string }) => each.id === 'canopy-tent')).toMatchObject({ units: 2, active_units: 2 });

    // Three guests need the four-guest unit; one of two, either.
    const three = await book({ cottageType: 'canopy-tent', checkIn: inDays(80), checkOut: inDays(81), adults: 3 });
    expect(three.booking.cottage_ids).toEqual(['canopy-tent-1']);
    // The two-guest unit is free but cannot take three: not available, said plainly.
    const left = await availability('canopy-tent', { checkIn: inDays(80), checkOut: inDays(81), guests: 3 });
    expect(left.body.data.available).toBe(false);
    // Nor are the other dates it offers ones where only the small unit is free (night 80 is the big one's):
    // for two nights from 79, the nearest are from 78 and 77, and from 81, not from 80.
    const twoNights = await availability('canopy-tent', { checkIn: inDays(79), checkOut: inDays(81), guests: 3 });
    const offered = twoNights.body.data.alternativeDates as Array<{ checkIn: string; checkOut: string }>;
    expect(offered).toEqual([
      { checkIn: inDays(78), checkOut: inDays(80) },
      { checkIn: inDays(77), checkOut: inDays(79) },
      { checkIn: inDays(81), checkOut: inDays(83) },
    ]);
    const small = await book({ cottageType: 'canopy-tent', checkIn: inDays(80), checkOut: inDays(81), adults: 2 });
    expect(small.booking.cottage_ids).toEqual(['canopy-tent-small']);
  });

  it("a type's price is every unit's, in one change; lowering its capacity below a unit's is refused", async () => {
    const kingfisherUnits = async () =>
      ((await call('GET', '/cottages/admin/all')).body.data as Array<{ id: string; type: string; price_per_night: number }>).filter(
        (unit) => unit.type === 'kingfisher-villa',
      );
    expect((await kingfisherUnits()).map((unit) => unit.id)).toEqual(['kingfisher-1', 'kingfisher-2', 'kingfisher-3']);

    const changed = await call('PUT', '/admin/stay-types/kingfisher-villa', {
      name: 'Kingfisher Villa',
      description: 'A cosy stream-side villa.',
      price_per_night: 16000,
      capacity: 4,
      amenities: 'Queen Bed',
      status: 'active',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await kingfisherUnits()).map((unit) => unit.price_per_night)).toEqual([16000, 16000, 16000]);
    expect((await guestCards()).find((card) => card.type === 'kingfisher-villa')).toMatchObject({
      base_price: 16000,
      description: 'A cosy stream-side villa.',
    });
    expect(await auditOf({ entity: 'cottage', id: 'kingfisher-2' })).toContainEqual(
      expect.objectContaining({
        action: 'cottage.price',
        after: { base_price: 16000 },
        note: 'The units of Kingfisher Villa share one price (set on kingfisher-villa)',
      }),
    );

    const smaller = await call('PUT', '/admin/stay-types/kingfisher-villa', { ...treehouse, name: 'Kingfisher Villa', price_per_night: 16000, capacity: 2 });
    expect(smaller.status).toBe(409);
    expect(smaller.body.error).toBe('Kingfisher Villa, Kingfisher Villa 2, Kingfisher Villa 3 take more than 2 guests: lower their capacity first.');
  });

  it('two rooms of the three Kingfisher villas are booked together; a fourth room is refused plainly', async () => {
    const two = await book({ cottageType: 'kingfisher-villa', checkIn: inDays(90), checkOut: inDays(92), adults: 6, rooms: 2 });
    expect(two.booking.cottage_ids.sort()).toEqual(['kingfisher-1', 'kingfisher-2']);
    const four = await availability('kingfisher-villa', { checkIn: inDays(90), checkOut: inDays(92), guests: 4, rooms: 4 });
    expect(four.body.data).toMatchObject({ available: false, maxRooms: 3 });
    expect(four.body.data.message).toBe('Kingfisher Villa has 3 villas, so it cannot take 4 rooms. Book 3 rooms here, or choose another villa.');
  });

  it('a retired type is off sale at once: guests no longer see or book it, its units and bookings stay', async () => {
    const created = await call('POST', '/cottages/admin/create', { ...treehouse, name: 'Mud Hut', price_per_night: 7000, capacity: 2 });
    expect(created.status).toBe(201);
    const booked = await book({ cottageType: 'mud-hut', checkIn: inDays(100), checkOut: inDays(101), adults: 2 });

    const retired = await call('PUT', '/admin/stay-types/mud-hut', { ...treehouse, name: 'Mud Hut', price_per_night: 7000, capacity: 2, status: 'retired' });
    expect(retired.status).toBe(200);
    expect((await guestCards()).some((card) => card.type === 'mud-hut')).toBe(false);
    expect((await availability('mud-hut', {})).status).toBe(404);
    const refused = await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'mud-hut', checkIn: inDays(110), checkOut: inDays(111) }), {
      'idempotency-key': newKey(),
    });
    expect(refused.status).toBe(404);
    const units = (await call('GET', '/cottages/admin/all')).body.data as Array<{ id: string; status: string; total_bookings: number }>;
    expect(units.find((unit) => unit.id === 'mud-hut-1')).toMatchObject({ status: 'active', total_bookings: 1 });
    expect(booked.booking.cottage_ids).toEqual(['mud-hut-1']);
  });

  it('refuses what cannot be a type: a bad body is a 400 per field, a stranger is 401, an unknown type 404', async () => {
    const bad = await call('POST', '/admin/stay-types', { name: '', price_per_night: 0, capacity: 50, status: 'gone' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details ?? {}).sort()).toEqual(['capacity', 'description', 'name', 'price_per_night', 'status']);
    expect((await fetch(`${stack.api}/admin/stay-types`)).status).toBe(401);
    const missing = await call('PUT', '/admin/stay-types/no-such-type', treehouse);
    expect(missing.status).toBe(404);
  });
});
