import * as z from 'zod/mini';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { handler as releaseExpiredHolds } from '../../functions/jobs/release-expired-holds.ts';
import { createGuestBooking } from '../../functions/lib/bookings/guest-booking.ts';
import { createBookingSchema } from '../../shared/booking.ts';
import { ensureAdmin, logIn } from '../../functions/lib/accounts.ts';
import { asHttpError } from '../../functions/lib/http/errors.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { readOutbox } from '../support/outbox.ts';
import { registerAndActivate } from '../support/accounts.ts';

const stack = useTestStack();

/** A guest's own account: registered, activated from the e-mailed link, signed in. */
const register = (email: string) => registerAndActivate(stack.api, { name: 'Meera Iyer', email, password: 'monsoon-forest', phone: '99887 76655' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const send = async (method: string, url: string, token?: string, body?: unknown) => {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: any; error?: string } };
};

describe('accounts', () => {
  it('registers a customer with a hashed password, signs in, and reads and edits the profile', async () => {
    const { token, user } = await register('meera@example.in');
    expect(user.role).toBe('customer');
    const stored = (await itemsOf('user')).find((item) => item.email === 'meera@example.in');
    expect(stored?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain('monsoon-forest');

    const login = await postJson(`${stack.api}/auth?action=login`, { email: 'MEERA@example.in', password: 'monsoon-forest' });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ email: 'meera@example.in', role: 'customer' });

    const profile = await send('GET', `${stack.api}/auth/profile`, token);
    expect(profile.body.data).toMatchObject({ name: 'Meera Iyer', phone: '9988776655' });
    expect(profile.body.data).not.toHaveProperty('passwordHash');
    const edited = await send('PUT', `${stack.api}/auth/profile`, token, { name: 'Meera I.' });
    expect(edited.body.data.name).toBe('Meera I.');
    expect((await send('PUT', `${stack.api}/auth/profile`, token, { role: 'admin' })).status).toBe(400);
    expect((await send('GET', `${stack.api}/auth/profile`)).status).toBe(401);
  });

  it('makes no second account on the same e-mail (the sign-up is answered as any other), and refuses a short password', async () => {
    await register('dup@example.in');
    expect((await postJson(`${stack.api}/auth?action=register`, { name: 'X', email: 'DUP@example.in', password: 'long enough' })).status).toBe(202);
    expect((await itemsOf('user')).filter((user) => user.email === 'dup@example.in')).toHaveLength(1);
    expect((await postJson(`${stack.api}/auth?action=register`, { name: 'X', email: 'new@example.in', password: 'short' })).body.error).toBe(
      'Password must be at least 8 characters',
    );
    expect((await postJson(`${stack.api}/auth?action=dance`, {})).body.error).toBe("action must be 'register' or 'login'");
  });

  it('locks an account on an address for a minute after five failed sign-ins (429), even for the right password', async () => {
    await register('target@example.in');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postJson(`${stack.api}/auth?action=login`, { email: 'target@example.in', password: 'guess-number-' + attempt })).status).toBe(401);
    }
    const locked = await postJson(`${stack.api}/auth?action=login`, { email: 'target@example.in', password: 'monsoon-forest' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(locked.body.error).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
  });

  it('lets five more attempts through once the lockout has passed, then locks again for longer', async () => {
    await register('window@example.in');
    const start = Date.now();
    const attempt = (password: string, minutesLater: number) =>
      logIn({ email: 'window@example.in', password }, { now: start + minutesLater * 60_000 }).then(
        () => 200,
        // The refusal as the client would get it.
        (error: unknown) => asHttpError(error)?.statusCode,
      );
    for (let index = 0; index < 5; index += 1) expect(await attempt('wrong-password', 0)).toBe(401);
    expect(await attempt('monsoon-forest', 1)).toBe(429);
    for (let index = 0; index < 5; index += 1) expect(await attempt('wrong-password', 16)).toBe(401);
    expect(await attempt('wrong-password', 17)).toBe(429);
    expect(await attempt('monsoon-forest', 32)).toBe(200);
  });

  it('counts parallel guesses before checking them, so a burst cannot slip past the lockout', async () => {
    // At full cost each check takes long enough for all 30 guesses to be in flight at once.
    vi.stubEnv('PASSWORD_HASH_COST', '17');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    await register('burst@example.in');
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        postJson(`${stack.api}/auth?action=login`, { email: 'burst@example.in', password: `guess-${index}` }).then((result) => result.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('gives portal tokens to admins only', async () => {
    await ensureAdmin({ email: 'chief@resort.in', password: 'chief-password', name: 'Chief' });
    const admin = await postJson(`${stack.api}/auth/admin-login`, { email: 'chief@resort.in', password: 'chief-password' });
    expect(admin.status).toBe(200);
    expect(admin.body.data.user).toMatchObject({ role: 'admin', name: 'Chief' });
    await register('guest-not-admin@example.in');
    const customer = await postJson(`${stack.api}/auth/admin-login`, { email: 'guest-not-admin@example.in', password: 'monsoon-forest' });
    expect(customer).toMatchObject({ status: 403, body: { error: 'This account cannot use the admin portal' } });
  });
});

describe('finding a booking', () => {
  it('opens a booking by reference with the right e-mail or the manage link, and gives nothing away otherwise', async () => {
    const { body } = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(33), checkOut: inDays(34) }), { 'idempotency-key': newKey() });
    const reference = body.data.bookingReference as string;
    const byEmail = await getJson<{ booking_reference: string }>(`${stack.api}/bookings/reference/${reference}?email=ASHA@example.in`);
    expect(byEmail.body.data?.booking_reference).toBe(reference);
    const byToken = await getJson<{ booking_reference: string }>(`${stack.api}/bookings/reference/${reference}?token=${body.data.manageToken}`);
    expect(byToken.status).toBe(200);
    const wrongEmail = await getJson(`${stack.api}/bookings/reference/${reference}?email=someone@else.in`);
    const unknown = await getJson(`${stack.api}/bookings/reference/VMNOTAREF123?email=asha@example.in`);
    expect(wrongEmail).toMatchObject({ status: 404, body: { error: 'No booking matches this reference and e-mail' } });
    expect(unknown.body).toEqual(wrongEmail.body);
    expect((await getJson(`${stack.api}/bookings/reference/${reference}`)).status).toBe(400);
    expect((await getJson(`${stack.api}/bookings/reference/${reference}?token=forged.token.value`)).status).toBe(404);
    // The link is the booking id and a secret whose hash alone is stored: a changed secret, or another booking's link, opens nothing.
    const token = String(body.data.manageToken);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await getJson(`${stack.api}/bookings/reference/${reference}?token=${tampered}`)).status).toBe(404);
    const other = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(35), checkOut: inDays(36) }), { 'idempotency-key': newKey() });
    expect((await getJson(`${stack.api}/bookings/reference/${reference}?token=${other.body.data.manageToken}`)).status).toBe(404);
    expect(JSON.stringify(byToken.body)).not.toContain('manageTokenHash');
    expect((await itemsOf('booking')).find((item) => item.booking_reference === reference)?.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists a signed-in guest’s own bookings and shows one only to its owner or staff', async () => {
    const owner = await register('owner@example.in');
    const stranger = await register('stranger@example.in');
    const created = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(36), checkOut: inDays(37) }), {
      'idempotency-key': newKey(),
      ...bearer(owner.token),
    });
    const id = created.body.data.booking.id as string;
    expect(created.body.data.booking.user_id).toBe(owner.user.id);
    const mine = await send('GET', `${stack.api}/bookings/my-bookings`, owner.token);
    expect(mine.body.data.map((booking: { id: string }) => booking.id)).toEqual([id]);
    expect((await send('GET', `${stack.api}/bookings/my-bookings`, stranger.token)).body.data).toEqual([]);
    expect((await send('GET', `${stack.api}/bookings/${id}`, owner.token)).status).toBe(200);
    expect((await send('GET', `${stack.api}/bookings/${id}`, stranger.token)).status).toBe(404);
    await ensureAdmin({ email: 'desk@resort.in', password: 'desk-password', name: 'Desk' });
    const admin = await postJson(`${stack.api}/auth/admin-login`, { email: 'desk@resort.in', password: 'desk-password' });
    expect((await send('GET', `${stack.api}/bookings/${id}`, admin.body.data.token)).status).toBe(200);
  });
});

describe('cancellation', () => {
  it('frees the nights and seats, applies the 48-hour policy, and cannot happen twice', async () => {
    const owner = await register('canceller@example.in');
    const safari = { safariId: 'evening-jungle-safari', date: inDays(25), timeSlot: '16:00-19:00', guests: 2 };
    const created = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(25), checkOut: inDays(27), packageId: 'safari-adventure', selectedSafaris: [safari] }),
      { 'idempotency-key': newKey(), ...bearer(owner.token) },
    );
    const id = created.body.data.booking.id as string;
    const taken = await postJson(`${stack.api}/cottages/glass-cottage/availability`, { checkIn: inDays(25), checkOut: inDays(27), guests: 2 });
    expect(taken.body.data.available).toBe(false);

    const cancelled = await send('PUT', `${stack.api}/bookings/${id}/cancel`, owner.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      booking: { status: 'cancelled' },
      refundAmount: 0,
      policy: 'Free cancellation up to 48 hours before check-in (14:00 on the day of arrival).',
    });

    const free = await postJson(`${stack.api}/cottages/glass-cottage/availability`, { checkIn: inDays(25), checkOut: inDays(27), guests: 2 });
    expect(free.body.data.available).toBe(true);
    const slots = await getJson<{ slots: Array<{ booked: number }> }>(`${stack.api}/safaris/evening-jungle-safari/slots/${inDays(25)}`);
    expect(slots.body.data?.slots[0]?.booked).toBe(0);
    expect((await send('PUT', `${stack.api}/bookings/${id}/cancel`, owner.token)).body.error).toBe('This booking is cancelled and cannot be cancelled');
    const other = await register('not-the-owner@example.in');
    expect((await send('PUT', `${stack.api}/bookings/${id}/cancel`, other.token)).status).toBe(404);
  });
});

describe('payment holds', () => {
  const heldBooking = (checkIn: string, checkOut: string, minutesAgo: number) =>
    createGuestBooking(z.parse(createBookingSchema, bookingBody({ cottageType: 'kingfisher-villa', checkIn, checkOut, paymentMethod: 'razorpay' })), {
      idempotencyKey: newKey(),
      now: Date.now() - minutesAgo * 60_000,
    });

  it('stops counting an expired hold at once: another guest can book those nights before any cleanup', async () => {
    await heldBooking(inDays(200), inDays(202), 20);
    const rival = await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'kingfisher-villa', checkIn: inDays(200), checkOut: inDays(202) }), {
      'idempotency-key': newKey(),
    });
    expect(rival.status).toBe(201);
  });

  it('is released by the sweeper: the booking expires and its nights are free again; live holds stay', async () => {
    const expired = await heldBooking(inDays(210), inDays(212), 16);
    const live = await heldBooking(inDays(220), inDays(222), 1);
    const result = await releaseExpiredHolds();
    expect(result.released).toBeGreaterThanOrEqual(1);
    const bookings = await itemsOf('booking');
    expect(bookings.find((booking) => booking.id === expired.booking.id)?.status).toBe('expired');
    expect(bookings.find((booking) => booking.id === live.booking.id)?.status).toBe('pending');
    const nights = (await itemsOf('night')).filter((night) => night.booking_id === expired.booking.id);
    expect(nights).toEqual([]);
    expect((await releaseExpiredHolds()).released).toBe(0);
  });

  it('releases the other holds when one booking cannot be released, then fails the run so the alarm sees it', async () => {
    const good = await heldBooking(inDays(230), inDays(231), 30);
    const { documentClient, tableName } = await import('../../functions/lib/db/client.ts');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { bookingKeys } = await import('../../functions/lib/db/keys.ts');
    const createdAt = new Date().toISOString();
    // A damaged record (no claims) among the expired holds.
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...bookingKeys.item('00000000-0000-4000-8000-000000000000'),
          ...bookingKeys.byMonth(createdAt, 'pending'),
          entity: 'booking',
          id: '00000000-0000-4000-8000-000000000000',
          status: 'pending',
          created_at: createdAt,
          hold_expires_at_ms: Date.now() - 60_000,
        },
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(releaseExpiredHolds()).rejects.toThrow('1 expired hold(s) could not be released');
    expect((await itemsOf('booking')).find((booking) => booking.id === good.booking.id)?.status).toBe('expired');
  });
});

describe('e-mail to the guest (local outbox)', () => {
  const outbox = () => readOutbox();

  it('confirms a booking and its cancellation by e-mail, with the stay, total and policy', async () => {
    const owner = await register('mailme@example.in');
    const created = await postJson(
      `${stack.api}/bookings`,
      bookingBody({
        cottageType: 'hornbill-villa',
        checkIn: inDays(240),
        checkOut: inDays(242),
        guestDetails: { firstName: 'Mail', lastName: 'Me', email: 'mailme@example.in', phone: '9876543210' },
        specialRequests: '<b>Cot</b> please',
      }),
      { 'idempotency-key': newKey(), ...bearer(owner.token) },
    );
    const reference = created.body.data.bookingReference as string;
    // Mail is sent by the table stream's consumer, just after the booking is answered. Pay at
    // property: the first mail asks the guest to confirm from its link, with the whole stay in it.
    const subject = `Please confirm your booking ${reference} at Forest Resort`;
    await expect.poll(async () => (await outbox()).some((mail) => mail.subject === subject)).toBe(true);
    const confirmation = (await outbox()).find((mail) => mail.subject === subject);
    expect(confirmation?.to).toBe('mailme@example.in');
    expect(confirmation?.text).toContain('Villa: Hornbill Villa');
    expect(confirmation?.text).toContain(`Total: ₹${created.body.data.booking.total_amount.toLocaleString('en-IN')}`);
    expect(confirmation?.text).toContain('from 2:00 pm');
    expect(confirmation?.text).toContain('free cancellation up to 48 hours before check-in');
    expect(confirmation?.html).toContain('&lt;b&gt;Cot&lt;/b&gt; please');

    await send('PUT', `${stack.api}/bookings/${created.body.data.booking.id}/cancel`, owner.token);
    await expect.poll(async () => (await outbox()).some((mail) => mail.subject === `Booking ${reference} cancelled`)).toBe(true);
  });
});
