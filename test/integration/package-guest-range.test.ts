import { describe, expect, it } from 'vitest';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();
const quote = (body: unknown) => postJson(`${stack.api}/packages/calculate-pricing`, body);

describe('calculate-pricing refuses a package for a party outside its guest range, as booking creation does', () => {
  it('the short payload (package, guests, nights): 400 with the package message on packageId', async () => {
    const tooMany = await quote({ packageId: 'honeymoon-escape', guests: 3, nights: 2 });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { success: false, error: 'Honeymoon Escape supports maximum 2 guests', details: { packageId: ['Honeymoon Escape supports maximum 2 guests'] } },
    });
    expect(tooMany.body.data).toBeUndefined();
    const tooFew = await quote({ packageId: 'family-getaway', guests: 1, nights: 2 });
    expect(tooFew).toMatchObject({
      status: 400,
      body: { error: 'Family Getaway requires minimum 2 guests', details: { packageId: ['Family Getaway requires minimum 2 guests'] } },
    });
    // Inside the range (its bounds included) the package is still priced.
    expect((await quote({ packageId: 'honeymoon-escape', guests: 2, nights: 2 })).status).toBe(200);
    expect((await quote({ packageId: 'family-getaway', guests: 8, nights: 2 })).status).toBe(200);
  });

  it('a whole stay counts adults and children, and answers exactly what booking the same stay answers', async () => {
    const cases = [
      { packageId: 'honeymoon-escape', adults: 2, children: 1, message: 'Honeymoon Escape supports maximum 2 guests' },
      { packageId: 'family-getaway', adults: 1, children: 0, message: 'Family Getaway requires minimum 2 guests' },
    ];
    for (const { message, ...party } of cases) {
      const stay = { cottageType: 'hornbill-villa', checkIn: inDays(70), checkOut: inDays(72), rooms: 1, selectedSafaris: [], ...party };
      const quoted = await quote(stay);
      expect(quoted, message).toMatchObject({ status: 400, body: { error: message, details: { packageId: [message] } } });
      const booked = await postJson(`${stack.api}/bookings`, bookingBody(stay), { 'idempotency-key': newKey() });
      expect(booked.status, message).toBe(400);
      expect(booked.body.details?.packageId).toEqual(quoted.body.details?.packageId);
    }
    const fits = await quote({ cottageType: 'hornbill-villa', checkIn: inDays(70), checkOut: inDays(72), adults: 2, packageId: 'honeymoon-escape' });
    expect(fits.status).toBe(200);
  });
});
