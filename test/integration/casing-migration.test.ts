import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getBooking } from '../../functions/lib/db/bookings.ts';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { moveToSnakeCase } from '../../functions/lib/db/local-migrations.ts';
import { cancelBooking } from '../../functions/lib/bookings/release-booking.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

// No stream consumer: the rewrites are all that writes.
const stack = useTestStack({ streamConsumer: false });

type Item = Record<string, any>;

const rename = (item: Item, names: Record<string, string>): Item =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [names[name] ?? name, value]));

/** The items as an older version wrote them: camelCase internals beside the snake_case wire record. */
const oldShape: Record<string, (item: Item) => Item> = {
  booking: (item) => ({
    ...rename(item, { hold_expires_at_ms: 'holdExpiresAtMs', manage_token_hash: 'manageTokenHash' }),
    claims: {
      cottageIds: item.claims.cottage_ids,
      nights: item.claims.nights,
      seats: item.claims.seats.map((seat: Item) => rename(seat, { safari_id: 'safariId', time_slot: 'timeSlot' })),
    },
  }),
  'booking-reference': (item) => rename(item, { booking_id: 'bookingId' }),
  idempotency: (item) => rename(item, { request_hash: 'requestHash', manage_token: 'manageToken', booking_id: 'bookingId' }),
  night: (item) => rename(item, { booking_id: 'bookingId', hold_expires_at_ms: 'holdExpiresAt' }),
  seats: (item) => rename(item, { time_slot: 'timeSlot' }),
};

async function everyItem(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await documentClient.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
}

const seatsOn = async (date: string) =>
  Object.fromEntries((await itemsOf('seats')).filter((item) => item.date === date).map((item) => [item.time_slot, Number(item.booked)]));

describe('the casing migration of local data', () => {
  it('rewrites items of the old shape once: a held booking then releases exactly its nights and seats, and its request replays', async () => {
    const key = newKey();
    const checkIn = inDays(70);
    const body = bookingBody({
      cottageType: 'hornbill-villa',
      checkIn,
      checkOut: inDays(72),
      packageId: 'safari-adventure',
      paymentMethod: 'razorpay',
      selectedSafaris: [{ safariId: 'morning-jeep-safari', date: checkIn, timeSlot: '06:00-09:00', guests: 2 }],
    });
    const created = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.data.booking.id;
    const seatsBefore = await seatsOn(checkIn);

    // Write this booking's items back in the old names, as data kept by an older version holds them.
    const mine = (await everyItem()).filter((item) => item.entity in oldShape && JSON.stringify(item).includes(id));
    const seatItems = (await itemsOf('seats')).filter((item) => item.date === checkIn);
    const old = [...mine.filter((item) => item.entity !== 'seats'), ...seatItems].map((item) => oldShape[item.entity]!(item));
    expect(old.map((item) => item.entity).sort()).toEqual(['booking', 'booking-reference', 'idempotency', 'night', 'night', 'seats']);
    for (const item of old) await documentClient.send(new PutCommand({ TableName: tableName, Item: item }));

    expect(await moveToSnakeCase()).toBe(old.length);
    const after = await everyItem();
    // The stored quote is a wire object and keeps the wire's names (its safaris' `timeSlot`).
    expect(JSON.stringify(after.map(({ quote: _quote, ...rest }) => rest))).not.toMatch(
      /"(holdExpiresAtMs|holdExpiresAt|manageTokenHash|cottageIds|safariId|timeSlot|requestHash|manageToken|bookingId)"/,
    );

    // A second run changes nothing.
    expect(await moveToSnakeCase()).toBe(0);
    expect(await everyItem()).toEqual(after);

    // The request replays with the first answer (the idempotency record reads back).
    const replay = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.booking.id).toBe(id);
    expect(replay.body.data.manageToken).toBe(created.body.data.manageToken);

    // The booking reads back with its claims, and cancelling it releases exactly its nights and seats.
    const booking = await getBooking(id);
    expect(booking?.claims).toMatchObject({
      nights: [checkIn, inDays(71)],
      seats: [{ safariId: 'morning-jeep-safari', date: checkIn, timeSlot: '06:00-09:00', seats: 2 }],
    });
    expect(booking?.holdExpiresAtMs).toBeGreaterThan(Date.now());
    await cancelBooking(booking!);
    expect((await itemsOf('night')).filter((item) => item.booking_id === id)).toEqual([]);
    expect(await seatsOn(checkIn)).toEqual({ ...seatsBefore, '06:00-09:00': (seatsBefore['06:00-09:00'] ?? 0) - 2 });
  });
});
