import { describe, expect, it } from 'vitest';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * GET /api/notifications?since= : what a client that lost its WebSocket polls. The entries are the
 * stream consumer's feed (the same events the sockets got), per audience.
 */
const stack = useTestStack();

type Feed = { events: Array<{ id: string; event: string; data: Record<string, any>; at: string }>; more: boolean };

const feed = (authorization: string | undefined, query = '') =>
  getJson<Feed>(`${stack.api}/notifications${query}`, authorization ? { headers: { authorization } } : undefined);

describe('the notification feed (the polling fallback)', () => {
  it("gives staff the admin feed and a guest only their own bookings' events, after `since`", async () => {
    const staff = await accountWithToken('staff');
    const guest = await accountWithToken('customer', 'Asha Rao');
    const stranger = await accountWithToken('customer', 'Someone Else');
    // Entries carry the stream record's time, which DynamoDB gives to the second (DynamoDB Local to
    // the minute): a client asks from a little before it lost the socket and drops what it has.
    const before = new Date(Date.now() - 120_000).toISOString();

    // A signed-in guest books: the admin feed hears new-booking; the guest's own feed hears its booking.
    const booked = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(61), checkOut: inDays(62) }), {
      'idempotency-key': newKey(),
      authorization: guest.authorization,
    });
    expect(booked.status).toBe(201);
    const reference = (booked.body.data as { bookingReference: string }).bookingReference;

    await expect
      .poll(async () => JSON.stringify((await feed(staff.authorization, `?audience=admin&since=${before}`)).body.data?.events), { timeout: 8000 })
      .toContain(reference);
    const admin = (await feed(staff.authorization, `?audience=admin&since=${before}`)).body.data as Feed;
    const newBooking = admin.events.find((entry) => entry.event === 'new-booking' && entry.data.booking?.booking_reference === reference);
    expect(newBooking).toBeDefined();
    // Oldest first, each with an id the client drops duplicates by.
    expect(admin.events.map((entry) => entry.at)).toEqual([...admin.events.map((entry) => entry.at)].sort());
    expect(new Set(admin.events.map((entry) => entry.id)).size).toBe(admin.events.length);

    // Asking again from the last entry's time returns nothing older.
    const last = admin.events.at(-1)?.at ?? before;
    const again = (await feed(staff.authorization, `?audience=admin&since=${last}`)).body.data as Feed;
    expect(again.events.every((entry) => entry.at >= last)).toBe(true);

    await expect.poll(async () => (await feed(guest.authorization, `?since=${before}`)).body.data?.events.length ?? 0, { timeout: 8000 }).toBeGreaterThan(0);
    const own = (await feed(guest.authorization, `?since=${before}`)).body.data as Feed;
    expect(JSON.stringify(own)).toContain(reference);
    expect(own.events.some((entry) => entry.event === 'new-booking')).toBe(false);
    // Another guest hears nothing of it.
    expect(JSON.stringify((await feed(stranger.authorization, `?since=${before}`)).body.data)).not.toContain(reference);
  });

  it('keeps the staff feed to portal accounts, and the feed to signed-in callers', async () => {
    const guest = await accountWithToken('customer');
    expect((await feed(guest.authorization, '?audience=admin')).status).toBe(403);
    expect((await feed(undefined)).status).toBe(401);
    expect((await feed(undefined, '?audience=admin')).status).toBe(401);
  });

  it('refuses a malformed since or audience with a 400 that names the field', async () => {
    const staff = await accountWithToken('manager');
    const bad = await feed(staff.authorization, '?audience=admin&since=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.details?.since).toBeDefined();
    expect((await feed(staff.authorization, '?audience=everyone')).status).toBe(400);
    // A time after now has nothing yet (not a failed query).
    expect((await feed(staff.authorization, '?audience=admin&since=9999-12-31T23:59:59Z')).body).toEqual({ success: true, data: { events: [], more: false } });
  });
});
