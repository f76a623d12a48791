import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { createBookingWrites, type StoredBooking } from '../../functions/lib/db/bookings.ts';
import { bookingKeys } from '../../functions/lib/db/keys.ts';
import { transact } from '../../functions/lib/db/transactions.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { accountWithToken } from '../support/accounts.ts';
import { itemsOf, postJson, eventually } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { staffBookings } from '../support/staff-bookings.ts';

/**
 * The staff's bookings (issue 10) through the real local stack: the list (newest first over month
 * partitions, filters, search, server cursor) and the dashboard figures. What staff do to a
 * booking is in admin-bookings-actions.test.ts.
 */
const stack = useTestStack();
const { as, api, call, stay, guestBooks } = staffBookings(stack);

/** A booking written straight into its month partition, as if made `monthsAgo` months back (list tests only: it claims no nights). */
async function pastBooking(monthsAgo: number, day: number, fields: Partial<StoredBooking> = {}): Promise<StoredBooking> {
  const now = new Date();
  const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, 0, Math.floor(Math.random() * 60), Math.floor(Math.random() * 60));
  // Never in the future (this month's early days, early on the 1st).
  const created = new Date(Math.min(at, now.getTime() - 60_000 - Math.floor(Math.random() * 60_000)));
  const id = randomUUID();
  const booking: StoredBooking = {
    id,
    booking_reference: `VMT${id.slice(0, 6).toUpperCase()}`,
    status: 'confirmed',
    payment_method: 'offline',
    payment_status: 'pending',
    customer_name: 'Test Guest',
    customer_email: `guest-${id.slice(0, 6)}@example.in`,
    customer_phone: '91234 56789',
    country_code: '+91',
    check_in_date: created.toISOString().slice(0, 10),
    check_out_date: created.toISOString().slice(0, 10),
    nights: 1,
    adults: 2,
    children: 1,
    rooms: 1,
    cottage_type: 'kingfisher-villa',
    cottage_ids: ['kingfisher-1'],
    cottage_name: 'Kingfisher Villa',
    package_id: 'forest-retreat',
    package_name: 'Forest Retreat',
    safaris: [],
    total_amount: 20000,
    price_breakdown: [],
    created_at: created.toISOString(),
    claims: { cottageIds: [], nights: [], seats: [] },
    ...fields,
  };
  await transact(createBookingWrites(booking));
  return booking;
}

/** Every booking in the list's window, newest first, by a scan (tests may scan; the app never does). */
async function allListed(filter: (item: Record<string, any>) => boolean = () => true) {
  const now = new Date();
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 23, 1)).toISOString();
  return (await itemsOf('booking'))
    .filter((item) => item.created_at >= oldest && filter(item))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((item) => item.id as string);
}

async function walk(query: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await call('GET', `/bookings?admin&limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, await as('staff'));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.bookings.length).toBeLessThanOrEqual(limit);
    ids.push(...page.body.data.bookings.map((booking: { id: string }) => booking.id));
    cursor = page.body.data.cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

describe('the booking list (GET /api/bookings)', () => {
  it('pages newest first over month partitions with the server cursor: every booking once, none skipped', async () => {
    const statuses = ['pending', 'confirmed', 'cancelled', 'completed', 'checked-in', 'expired'] as const;
    for (const [index, monthsAgo] of [0, 0, 1, 1, 1, 3, 3, 7, 7, 7, 7].entries())
      await pastBooking(monthsAgo, 1 + index, { status: statuses[index % statuses.length] as StoredBooking['status'] });
    const tooOld = await pastBooking(25, 3);
    await guestBooks();

    const expected = await allListed();
    for (const limit of [1, 4, 25]) {
      const { ids } = await walk('', limit);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    }
    expect(expected).not.toContain(tooOld.id);
  });

  it('lists a booking once when its status changes between two pages (it keeps its place in the order)', async () => {
    const probe = { customer_name: 'Paging Probe' };
    const d = await pastBooking(2, 4, { ...probe, status: 'confirmed' });
    const c = await pastBooking(2, 5, { ...probe, status: 'pending' });
    const b = await pastBooking(2, 6, { ...probe, status: 'pending' });
    const a = await pastBooking(2, 7, { ...probe, status: 'confirmed' });
    const staff = await as('staff');
    const ids = (page: { body: { data?: { bookings: Array<{ id: string }> } } }) => page.body.data?.bookings.map((booking) => booking.id);
    const first = await call('GET', '/bookings?limit=2&q=paging%20probe', staff);
    expect(ids(first)).toEqual([a.id, b.id]);
    // Before the next page: A (listed) is cancelled, a stream the walk has not read yet; C (not listed
    // yet) is confirmed, a stream the walk had read past. As the status changes do, it moves on gsi2.
    const move = (booking: StoredBooking, status: StoredBooking['status']) =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: bookingKeys.item(booking.id),
          UpdateExpression: 'SET #status = :status, gsi2sk = :sk',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':sk': bookingKeys.byMonth(booking.created_at, status).gsi2sk },
        }),
      );
    await move(a, 'cancelled');
    await move(c, 'confirmed');
    const second = await call('GET', `/bookings?limit=2&q=paging%20probe&cursor=${encodeURIComponent(first.body.data.cursor)}`, staff);
    expect(ids(second)).toEqual([c.id, d.id]);
  });

  it('filters by status, newest first, across months', async () => {
    for (const status of ['cancelled', 'pending'] as const) {
      const { ids } = await walk(`&status=${status}`, 2);
      expect(ids).toEqual(await allListed((item) => item.status === status));
      expect(ids.length).toBeGreaterThan(0);
    }
  });

  it('searches case-insensitively in guest name, e-mail, phone, reference and villa', async () => {
    const meera = await pastBooking(2, 5, {
      customer_name: 'Meera Iyer',
      customer_email: 'meera.iyer@example.in',
      customer_phone: '99887 76655',
      cottage_type: 'glass-cottage',
      cottage_name: 'Glass Cottage',
      booking_reference: 'VMZQ7XK2P9',
    });
    for (const q of ['MEERA', 'iyer@EXAMPLE', '9988776655', '99887 766', 'vmzq7xk2', 'glass cott', 'GLASS-COTTAGE']) {
      const { ids } = await walk(`&q=${encodeURIComponent(q)}`, 25);
      expect(ids, q).toContain(meera.id);
      const others = await allListed();
      expect(ids.length, q).toBeLessThan(others.length);
    }
    expect((await walk('&q=nobody-is-called-this', 25)).ids).toEqual([]);
    // Search and status together.
    expect((await walk('&q=meera&status=confirmed', 25)).ids).toEqual([meera.id]);
    expect((await walk('&q=meera&status=pending', 25)).ids).toEqual([]);
  });

  it('refuses a bad cursor, a cursor of another filter and a bad limit with 400', async () => {
    const staff = await as('staff');
    expect((await call('GET', '/bookings?cursor=not-a-cursor', staff)).status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ m: '1999-01', f: '|', p: {} })).toString('base64url');
    expect((await call('GET', `/bookings?cursor=${forged}`, staff)).status).toBe(400);
    const first = await call('GET', '/bookings?limit=1', staff);
    const cursor = first.body.data.cursor as string;
    expect(cursor).toBeTruthy();
    const other = await call('GET', `/bookings?limit=1&status=pending&cursor=${encodeURIComponent(cursor)}`, staff);
    expect(other.status).toBe(400);
    expect(other.body.details?.cursor).toBeDefined();
    const limit = await call('GET', '/bookings?limit=101', staff);
    expect(limit.status).toBe(400);
    expect(limit.body.details?.limit).toEqual(['limit is a number from 1 to 100']);
    expect((await call('GET', '/bookings?status=lost', staff)).status).toBe(400);
  });
});

describe('the dashboard figures (GET /api/bookings?admin&stats)', () => {
  it('counts by status, the five newest, villas, and revenue as the money received in 30 days', async () => {
    // An unpaid online hold is no revenue; a booking paid online is, at its full amount.
    await guestBooks({ ...stay('glass-cottage'), paymentMethod: 'razorpay' });
    const paid = await guestBooks({ ...stay('hornbill-villa'), paymentMethod: 'razorpay' });
    const order = await postJson(api('/payments/create-order'), { bookingId: paid.id });
    const checkout = await postJson(api('/payments/test-checkout'), { orderId: order.body.data.orderId, outcome: 'success' });
    expect((await postJson(api('/payments/verify-payment'), checkout.body.data.response)).status).toBe(200);
    const booked = await guestBooks({ ...stay('kingfisher-villa') });
    // Revenue: payments received in the last 30 resort days (captured online, taken at the property), less refunds.
    const since = new Date(Date.parse(`${addDaysIso(resortToday(), -29)}T00:00:00+05:30`)).toISOString();
    const entries = [...(await itemsOf('payment')), ...(await itemsOf('refund'))].filter((item) => item.created_at >= since);
    const received = entries.filter((item) => item.entity === 'payment' && ['captured', 'paid', 'refunded'].includes(item.status));
    const refunded = entries.filter((item) => item.entity === 'refund' && item.status !== 'failed');
    const money = received.reduce((sum, item) => sum + item.amount, 0) - refunded.reduce((sum, item) => sum + item.amount, 0);
    expect(received.map((item) => item.booking_id)).toContain(paid.id);
    const stats = await eventually(
      async () => (await call('GET', '/bookings?admin&stats', await as('staff'))).body.data,
      (data) => data.overview.totalRevenue === money,
    );
    expect(stats.overview.totalRevenue).toBe(money);
    const heldValue = (await itemsOf('booking')).filter((item) => item.status === 'pending').reduce((sum, item) => sum + item.total_amount, 0);
    expect(heldValue).toBeGreaterThan(0);
    const items = (await itemsOf('booking')).filter((item) => item.created_at >= `${stats.since}-01` && item.status !== 'expired');
    const count = (status: string) => items.filter((item) => item.status === status).length;
    expect(stats.overview).toMatchObject({
      totalBookings: items.length,
      confirmedBookings: count('confirmed'),
      pendingBookings: count('pending'),
      completedBookings: count('completed'),
      cancelledBookings: count('cancelled'),
      checkedInBookings: count('checked-in'),
    });
    expect(stats.recentBookings.map((booking: { id: string }) => booking.id)).toEqual((await allListed()).slice(0, 5));
    expect(stats.recentBookings[0].id).toBe(booked.id);
    const kingfisher = stats.cottageOccupancy.find((entry: { cottage_type: string }) => entry.cottage_type === 'kingfisher-villa');
    expect(kingfisher).toMatchObject({ cottage_name: 'Kingfisher Villa' });
    expect(kingfisher.total_bookings).toBeGreaterThanOrEqual(kingfisher.confirmed_bookings);
    expect(stats.monthlyRevenue).toHaveLength(12);
    expect(stats.monthlyRevenue[0]).toEqual({ month: new Date().toISOString().slice(0, 7), revenue: expect.any(Number) });
    expect(stats.monthlyRevenue[0].revenue).toBeGreaterThanOrEqual(booked.total_amount);
  });

  it('is for portal accounts only', async () => {
    expect((await call('GET', '/bookings?admin&stats', undefined)).status).toBe(401);
    const guest = await accountWithToken('customer');
    expect((await call('GET', '/bookings?admin&stats', guest)).status).toBe(403);
  });
});

describe('the list answers', () => {
  it('include what the staff table shows', async () => {
    const page = await getJson<any>(api('/bookings?limit=1'), { headers: { authorization: (await as('staff')).authorization } });
    expect(page.body.data.bookings[0]).toEqual(
      expect.objectContaining({
        customer_name: expect.any(String),
        cottage_name: expect.any(String),
        adults: expect.any(Number),
        cancel_refund: expect.any(Number),
      }),
    );
    expect(page.body.data.through).toMatch(/^\d{4}-\d{2}$/);
  });
});
