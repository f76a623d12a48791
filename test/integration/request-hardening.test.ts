import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forgetAccount } from '../../functions/lib/account-state.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { userKeys } from '../../functions/lib/db/keys.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { registerAndActivate } from '../support/accounts.ts';

/** Requests anyone can send, each of which once answered 500 or was let through (issue 7, "Also fix"). */
const stack = useTestStack();

afterEach(() => vi.restoreAllMocks());

const book = (overrides: Record<string, unknown>) => postJson(`${stack.api}/bookings`, bookingBody(overrides), { 'idempotency-key': newKey() });
const send = async (method: string, url: string, token: string, body?: unknown) => {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: any; error?: string; details?: Record<string, string[]> } };
};
/** A guest's own account: registered, activated from the e-mailed link, signed in. */
const register = (email: string, name = 'Meera Iyer') => registerAndActivate(stack.api, { name, email, password: 'monsoon-forest' });

describe('impossible calendar dates answer 400 with the field message', () => {
  const impossible = ['2026-02-30', '2027-02-29', '2027-13-01'];

  it('on bookings', async () => {
    for (const date of impossible) {
      const checkIn = await book({ checkIn: date, checkOut: inDays(43) });
      expect(checkIn.status, date).toBe(400);
      expect(checkIn.body.details?.checkIn).toEqual(['Dates look like 2026-12-24']);
      const checkOut = await book({ checkOut: date });
      expect(checkOut.status, date).toBe(400);
      expect(checkOut.body.details?.checkOut).toEqual(['Dates look like 2026-12-24']);
    }
  });

  it('on the availability check, the calendar, safari slots, the quote and the safari check', async () => {
    for (const date of impossible) {
      const check = await postJson(`${stack.api}/cottages/hornbill-villa/availability`, { checkIn: date, checkOut: inDays(33), guests: 2, rooms: 1 });
      expect(check.status, date).toBe(400);
      expect(check.body.details?.checkIn).toEqual(['Dates look like 2026-12-24']);

      const calendar = await getJson(`${stack.api}/cottages/hornbill-villa/availability?startDate=${date}&endDate=${inDays(40)}`);
      expect(calendar.status, date).toBe(400);
      expect(calendar.body.details).toEqual({ startDate: ['startDate must look like 2026-12-24'] });
      const calendarEnd = await getJson(`${stack.api}/cottages/hornbill-villa/availability?startDate=${inDays(30)}&endDate=${date}`);
      expect(calendarEnd.body.details).toEqual({ endDate: ['endDate must look like 2026-12-24'] });

      const slots = await getJson(`${stack.api}/safaris/morning-jeep-safari/slots/${date}`);
      expect(slots.status, date).toBe(400);
      expect(slots.body.details).toEqual({ date: ['Dates look like 2026-12-24'] });

      const quote = await postJson(`${stack.api}/packages/calculate-pricing`, {
        cottageType: 'hornbill-villa',
        checkIn: date,
        checkOut: inDays(43),
        adults: 2,
      });
      expect(quote.status, date).toBe(400);

      const safaris = await postJson(`${stack.api}/safaris/validate-selection`, {
        checkIn: date,
        checkOut: inDays(43),
        guests: 2,
        selections: [{ safariId: 'morning-jeep-safari', date, timeSlot: '06:00-09:00', guests: 2 }],
      });
      expect(safaris.status, date).toBe(400);
      expect(safaris.body.details?.checkIn).toEqual(['Dates look like 2026-12-24']);
    }
  });

  it('on available-dates, for a month or year that does not exist', async () => {
    for (const query of ['month=13&year=2027', 'month=0&year=2027', 'month=2.5&year=2027', 'month=x&year=2027']) {
      const dates = await getJson(`${stack.api}/safaris/morning-jeep-safari/available-dates?${query}`);
      expect(dates.status, query).toBe(400);
      expect(dates.body.details?.month, query).toBeDefined();
    }
    expect((await getJson(`${stack.api}/safaris/morning-jeep-safari/available-dates?month=2&year=12027`)).status).toBe(400);
  });
});

describe('accounts that are gone or damaged', () => {
  it('PUT /api/auth/profile with the token of a deleted account: 401 (the token died with its account), and nothing recreated', async () => {
    const { token, user } = await register('deleted@example.in');
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: userKeys.item(user.id) }));
    forgetAccount(user.id);
    const edited = await send('PUT', `${stack.api}/auth/profile`, token, { name: 'Ghost' });
    expect(edited).toMatchObject({ status: 401, body: { success: false, error: 'Your session has expired. Please sign in again.' } });
    expect((await send('PUT', `${stack.api}/auth/profile`, token, {})).status).toBe(401);
    expect((await send('GET', `${stack.api}/auth/profile`, token)).status).toBe(401);
    expect((await itemsOf('user')).some((item) => item.id === user.id || item.pk === userKeys.item(user.id).pk)).toBe(false);
  });

  it('a sign-in against a corrupt stored hash is the usual 401, and the corruption is logged', async () => {
    const { user } = await register('corrupt@example.in');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Not a number, more memory than scrypt may take, and nothing at all.
    for (const corrupt of ['scrypt$abc$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5', 'scrypt$1073741824$8$1$c2FsdA$a2V5', '']) {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: userKeys.item(user.id),
          UpdateExpression: 'SET password_hash = :hash',
          ExpressionAttributeValues: { ':hash': corrupt },
        }),
      );
      const login = await postJson(`${stack.api}/auth?action=login`, { email: 'corrupt@example.in', password: 'monsoon-forest' });
      expect(login.status, corrupt).toBe(401);
      expect(login.body.error).toBe('Invalid email or password');
    }
    const logged = errors.mock.calls
      .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
      .filter((entry) => entry.message === 'Stored password hash is corrupt: sign-in refused');
    expect(logged).toHaveLength(3);
    // Its context too: the logger is loaded on that line (functions/lib/rare-log.ts), within the request.
    expect(logged[0]).toMatchObject({ level: 'error', userId: user.id, route: 'auth' });
    expect(logged[0]?.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(logged)).not.toContain('c2FsdA');
  });
});

describe("a package's safaris", () => {
  const morning = (days: number, timeSlot = '06:00-09:00') => ({ safariId: 'morning-jeep-safari', date: inDays(days), timeSlot, guests: 2 });
  const included = (lines: Array<{ label: string; amount: number }>) => lines.filter((line) => line.label.startsWith('Included in the'));

  it('any package may add safaris at their price; one that includes safaris takes its included ones off', async () => {
    // Forest Retreat includes none: both safaris are paid, and the booking is made (it used to be refused).
    const paid = await book({ packageId: 'forest-retreat', selectedSafaris: [morning(40), morning(41)] });
    expect(paid.status).toBe(201);
    const paidBooking = paid.body.data.booking;
    expect(paidBooking.safaris.map((safari: { amount: number }) => safari.amount)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(paidBooking.safaris.every((safari: { amount: number }) => safari.amount > 0)).toBe(true);
    expect(included(paidBooking.price_breakdown)).toEqual([]);
    expect(paidBooking.safaris.some((safari: { included?: boolean }) => safari.included)).toBe(false);

    // Safari Adventure includes 3: four safaris make three free and one paid.
    const four = [morning(50), morning(50, '07:00-10:00'), morning(51), morning(52)];
    const adventure = await book({ packageId: 'safari-adventure', checkIn: inDays(50), checkOut: inDays(53), selectedSafaris: four });
    expect(adventure.status).toBe(201);
    const booking = adventure.body.data.booking;
    expect(booking.safaris.filter((safari: { amount: number; included?: boolean }) => safari.amount === 0 && safari.included)).toHaveLength(3);
    expect(booking.safaris.filter((safari: { amount: number }) => safari.amount > 0)).toHaveLength(1);
    expect(included(booking.price_breakdown)).toHaveLength(3);
    expect(booking.price_breakdown.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(booking.total_amount);
  });

  it('the quote of a whole stay says which are included and which are paid', async () => {
    const stay = {
      cottageType: 'glass-cottage',
      checkIn: inDays(60),
      checkOut: inDays(63),
      adults: 2,
      selectedSafaris: [morning(60), morning(61), morning(61, '07:00-10:00'), morning(62)],
    };
    const honeymoon = await postJson(`${stack.api}/packages/calculate-pricing`, { ...stay, packageId: 'honeymoon-escape' });
    expect(honeymoon.status).toBe(200);
    expect(honeymoon.body.data.safaris.map((safari: { included: boolean }) => safari.included)).toEqual([false, false, false, false]);
    const adventure = await postJson(`${stack.api}/packages/calculate-pricing`, { ...stay, packageId: 'safari-adventure' });
    expect(adventure.status).toBe(200);
    expect(adventure.body.data.safaris.filter((safari: { included: boolean }) => safari.included)).toHaveLength(3);
    expect(adventure.body.data.total).toBeLessThan(honeymoon.body.data.total + adventure.body.data.package.amount);
    // Without a package there is nothing included: the safaris are priced on their own.
    const alone = await postJson(`${stack.api}/packages/calculate-pricing`, stay);
    expect(alone.body.data.safaris.some((safari: { included: boolean }) => safari.included)).toBe(false);
  });
});

describe('free text', () => {
  it('a name over its length says so, as do the address, the special requests and an account name', async () => {
    const long = await book({
      guestDetails: { ...bookingBody().guestDetails, firstName: 'a'.repeat(61), lastName: 'b'.repeat(61), address: 'c'.repeat(301) },
      specialRequests: 'd'.repeat(1001),
    });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual({
      'guestDetails.firstName': ['First name must be at most 60 characters'],
      'guestDetails.lastName': ['Last name must be at most 60 characters'],
      'guestDetails.address': ['Address must be at most 300 characters'],
      specialRequests: ['Special requests must be at most 1000 characters'],
    });
    const account = await postJson(`${stack.api}/auth?action=register`, { name: 'n'.repeat(121), email: 'long-name@example.in', password: 'monsoon-forest' });
    expect(account.body).toMatchObject({ error: 'Name must be at most 120 characters', details: { name: ['Name must be at most 120 characters'] } });
    const { token } = await register('renamer@example.in');
    expect((await send('PUT', `${stack.api}/auth/profile`, token, { name: 'n'.repeat(121) })).body.details).toEqual({
      name: ['Name must be at most 120 characters'],
    });
  });

  it('is stored without control characters, bidi overrides or lone surrogates', async () => {
    const created = await book({
      checkIn: inDays(80),
      checkOut: inDays(81),
      guestDetails: {
        ...bookingBody().guestDetails,
        prefix: undefined,
        firstName: 'As\u0000ha\u202E',
        lastName: '\u2066Rao\u2069',
        email: 'asha.bidi@example.in',
        address: '12 Forest Road\u0007\r\nKabini\uD800',
      },
      specialRequests: 'Cot\u202E please\u0000\nNo nuts\u001B[31m',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.booking).toMatchObject({
      customer_name: 'Asha Rao',
      address: '12 Forest Road\nKabini',
      special_requests: 'Cot please\nNo nuts[31m',
    });
    const stored = (await itemsOf('booking')).find((item) => item.id === created.body.data.booking.id);
    expect(stored).toMatchObject({ customer_name: 'Asha Rao', address: '12 Forest Road\nKabini', special_requests: 'Cot please\nNo nuts[31m' });

    const { token } = await register('bidi@example.in', 'Meera\u202E Iyer\u0000');
    expect((await send('GET', `${stack.api}/auth/profile`, token)).body.data.name).toBe('Meera Iyer');
    expect((await send('PUT', `${stack.api}/auth/profile`, token, { name: '\u2067Meera\u0085I.' })).body.data.name).toBe('Meera I.');
  });
});
