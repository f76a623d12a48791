import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { cottageKeys } from '../../functions/lib/db/keys.ts';
import { getItem } from '../../functions/lib/db/query.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { connect } from '../support/ws-client.ts';

/**
 * The admin catalogue's cottages (issue 10) through the real local stack: units of a villa type
 * created, changed and deleted with the portal's payloads, each change audited in its own
 * transaction, deletes refused while guests are coming, what guests see changing on their next
 * request, and a unit retired while a guest books it; the staff events arrive from the
 * table's stream. Packages and safaris: admin-catalogue-packages.test.ts, admin-catalogue-safaris.test.ts.
 */
const stack = useTestStack();
const { adminFrame, call, book, cancel } = useCatalogueAdmin(stack);

const units = async (type: string, day: string) => {
  const { body } = await getJson<{ nights: Array<{ totalUnits: number; freeUnits: number }> }>(
    `${stack.api}/cottages/${type}/availability?startDate=${day}&endDate=${day}`,
  );
  return body.data?.nights[0];
};

const cottageBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Glass Cottage 2',
  description: 'A second glass cottage under the canopy.',
  price_per_night: 25000,
  capacity: 4,
  amenities: 'Queen Bed, River View ,WiFi',
  status: 'active',
  type: 'glass-cottage',
  ...overrides,
});

describe('cottages: units of a villa type', () => {
  it('creates a unit from the portal payload (amenities as text), and its type has one more unit to sell', async () => {
    const day = inDays(90);
    expect(await units('glass-cottage', day)).toMatchObject({ totalUnits: 1, freeUnits: 1 });

    const created = await call('POST', '/cottages/admin/create', cottageBody());

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      id: 'glass-cottage-2',
      price_per_night: 25000,
      capacity: 4,
      amenities: 'Queen Bed, River View, WiFi',
      amenity_list: ['Queen Bed', 'River View', 'WiFi'],
      status: 'active',
      size_sqft: 1500,
      images: ['/images/villas/glass-cottage.svg'],
      confirmed_bookings: 0,
      total_bookings: 0,
    });
    const stored = await getItem(cottageKeys.item('glass-cottage-2'), true);
    expect(stored).toMatchObject({ base_price: 25000, max_guests: 4, amenities: ['Queen Bed', 'River View', 'WiFi'], type: 'glass-cottage' });
    expect(await units('glass-cottage', day)).toMatchObject({ totalUnits: 2, freeUnits: 2 });
    // Guests still see one Glass Cottage card: a unit adds availability, not a second villa.
    const listed = await getJson<Array<{ type: string }>>(`${stack.api}/cottages`);
    expect(listed.body.data?.filter((cottage) => cottage.type === 'glass-cottage')).toHaveLength(1);

    const [entry] = await auditOf({ entity: 'cottage', id: 'glass-cottage-2' });
    expect(entry).toMatchObject({ action: 'cottage.create', subject_id: 'glass-cottage-2', label: 'Glass Cottage 2', actor: { name: 'Meera Manager' } });
    expect(entry?.after).toMatchObject({ base_price: 25000 });
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
    });
    expect(invalid.body.details?.type).toBeUndefined();
    const unknownType = await call('POST', '/cottages/admin/create', cottageBody({ type: 'Not A Type' }));
    expect(unknownType.body.details).toEqual({ type: ['Choose one of the villa types, or leave it out to make a new one'] });

    const duplicate = await call('POST', '/cottages/admin/create', cottageBody());
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details).toEqual({ name: ['A cottage with this name already exists'] });

    expect((await call('PUT', '/cottages/admin/update/no-such-villa', cottageBody())).status).toBe(404);
    expect((await call('DELETE', '/cottages/admin/delete/no-such-villa')).status).toBe(404);
    expect((await call('PATCH', '/cottages/no-such-villa/pricing', { price_per_night: 100 })).status).toBe(404);
  });

  it('refuses to delete a unit with an upcoming booking and offers deactivation; a retired unit keeps it and is not offered again', async () => {
    const checkIn = inDays(95);
    const booked = await book({ cottageType: 'glass-cottage', rooms: 2, adults: 2, checkIn, checkOut: inDays(96) });
    expect(booked.booking.cottage_ids.sort()).toEqual(['glass-1', 'glass-cottage-2']);

    const refused = await call('DELETE', '/cottages/admin/delete/glass-cottage-2');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Glass Cottage 2 has 1 upcoming booking. Set it to inactive instead, so no new guest can book it.');
    expect(refused.body.code).toBe('has_upcoming_bookings');
    const listed = await call('GET', '/cottages/admin/all');
    expect(listed.body.data.find((cottage: { id: string }) => cottage.id === 'glass-cottage-2')).toMatchObject({ confirmed_bookings: 0, total_bookings: 1 });

    const retired = await call('PUT', '/cottages/admin/update/glass-cottage-2', cottageBody({ status: 'inactive' }));
    expect(retired.status).toBe(200);
    expect(await units('glass-cottage', inDays(100))).toMatchObject({ totalUnits: 1 });
    // The booking keeps its night on the retired unit.
    expect(await getItem(cottageKeys.night('glass-cottage-2', checkIn), true)).toMatchObject({ booking_id: booked.booking.id });
    // A second booking of two rooms cannot land on the retired unit.
    const twoRooms = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ cottageType: 'glass-cottage', rooms: 2, checkIn: inDays(100), checkOut: inDays(101) }),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(twoRooms.status).toBe(409);

    expect((await call('DELETE', '/cottages/admin/delete/glass-cottage-2')).status).toBe(409);
    await cancel(booked.bookingReference);
    const deleted = await call('DELETE', '/cottages/admin/delete/glass-cottage-2');
    expect(deleted.status).toBe(200);
    expect(await getItem(cottageKeys.item('glass-cottage-2'), true)).toBeUndefined();
    const history = await auditOf({ entity: 'cottage', id: 'glass-cottage-2' });
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
