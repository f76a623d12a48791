import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { createBookingWrites, type StoredBooking } from '../../functions/lib/db/bookings.ts';
import { bookingKeys } from '../../functions/lib/db/keys.ts';
import { transact } from '../../functions/lib/db/transactions.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson, eventually } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * The staff's bookings (issue 10) through the real local stack: the list (newest first over month
 * partitions, filters, search, server cursor), the dashboard figures, a booking's details and
 * history, every status change and the ones refused, their races, and the phone booking that goes
 * through the guest's own booking transaction.
 */
const stack = useTestStack();

type Account = Awaited<ReturnType<typeof accountWithToken>>;
const accounts: Partial<Record<'staff' | 'manager' | 'manager2' | 'admin', Account>> = {};
async function as(role: 'staff' | 'manager' | 'manager2' | 'admin'): Promise<Account> {
  accounts[role] ??= await accountWithToken(role === 'manager2' ? 'manager' : role, role === 'staff' ? 'Sam Staff' : `Mira ${role}`);
  return accounts[role];
}

const api = (path: string) => `${stack.api}${path}`;
async function call(method: string, path: string, who: Account | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(api(path), {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? { authorization: who.authorization } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; data?: any; error?: string; details?: Record<string, string[]>; status?: string },
  };
}
const setStatus = async (id: string, status: string, who: Account, reason?: string) =>
  call('PATCH', `/bookings/${id}/status`, who, { status, ...(reason ? { reason } : {}) });

/** Each guest booking of this file gets nights of its own (one unit per villa type in the sample resort). */
let nextStay = 0;
function stay(villa = 'hornbill-villa') {
  nextStay += 1;
  return { cottageType: villa, checkIn: inDays(60 + nextStay * 2), checkOut: inDays(61 + nextStay * 2) };
}

async function guestBooks(overrides: Record<string, unknown> = {}) {
  const { status, body } = await postJson(api('/bookings'), bookingBody({ ...stay(), ...overrides }), { 'idempotency-key': newKey() });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data.booking as { id: string; booking_reference: string; total_amount: number; check_in_date: string; created_at: string };
}

const stored = async (id: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: bookingKeys.item(id), ConsistentRead: true }))).Item as Record<string, any>;

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

describe('status changes (PATCH /api/bookings/{id}/status)', () => {
  it('pending -> confirmed -> checked-in -> completed, each audited with before and after', async () => {
    const booking = await guestBooks({ cottageType: 'glass-cottage', checkIn: inDays(0), checkOut: inDays(1) });
    const manager = await as('manager');
    const staff = await as('staff');

    const confirmed = await setStatus(booking.id, 'confirmed', manager, 'Guest called to confirm');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      status: 'confirmed',
      confirmed_at: expect.any(String),
      status_changed_by: expect.stringContaining(manager.email),
    });
    const afterConfirm = await stored(booking.id);
    expect(afterConfirm.holdExpiresAtMs).toBeUndefined();
    expect(afterConfirm.open_hold).toBeUndefined();
    // Its nights are its own for good, and it left the guest's open-hold sets.
    const night = (
      await documentClient.send(new GetCommand({ TableName: tableName, Key: { pk: 'COTTAGE#glass-1', sk: `NIGHT#${inDays(0)}` }, ConsistentRead: true }))
    ).Item;
    expect(night).toMatchObject({ bookingId: booking.id });
    expect(night?.holdExpiresAt).toBeUndefined();

    const checkedIn = await setStatus(booking.id, 'checked-in', staff);
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    expect(checkedIn.body.data).toMatchObject({ status: 'checked-in', checked_in_at: expect.any(String) });
    const completed = await setStatus(booking.id, 'completed', staff);
    expect(completed.status).toBe(200);
    expect(completed.body.data.status).toBe('completed');

    const audit = (await itemsOf('audit')).filter((entry) => entry.subject_id === booking.id).sort((a, b) => a.at.localeCompare(b.at));
    expect(audit.map((entry) => entry.action)).toEqual(['booking.confirm', 'booking.check-in', 'booking.check-out']);
    expect(audit[0]).toMatchObject({
      actor: { id: manager.userId, role: 'manager' },
      label: booking.booking_reference,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
      note: 'Guest called to confirm',
    });
    expect(audit[2]).toMatchObject({ actor: { role: 'staff' }, before: { status: 'checked-in' }, after: { status: 'completed' } });
  });

  it('only a manager confirms or cancels: staff get 403 with a clear message', async () => {
    const booking = await guestBooks();
    const staff = await as('staff');
    for (const status of ['confirmed', 'cancelled']) {
      const refused = await setStatus(booking.id, status, staff);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/Only a manager or an administrator can (confirm|cancel) a booking/);
    }
    expect((await stored(booking.id)).status).toBe('pending');
    expect((await setStatus(booking.id, 'confirmed', await as('admin'))).status).toBe(200);
  });

  it('refuses a change from the wrong status (409 with the current status), a bad body (400) and an unknown booking (404)', async () => {
    const booking = await guestBooks();
    const manager = await as('manager');
    const early = await setStatus(booking.id, 'completed', manager);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ status: 'pending' });
    expect(early.body.error).toContain('is pending');
    expect((await setStatus(booking.id, 'checked-in', manager)).status).toBe(409);
    expect((await setStatus(booking.id, 'confirmed', manager)).status).toBe(200);
    const again = await setStatus(booking.id, 'confirmed', manager);
    expect(again.status).toBe(409);
    expect(again.body.status).toBe('confirmed');
    // Check-in is not before the check-in date (the resort's day).
    const tooEarly = await setStatus(booking.id, 'checked-in', await as('staff'));
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.error).toContain(booking.check_in_date);

    const bad = await call('PATCH', `/bookings/${booking.id}/status`, manager, { status: 'lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.status).toEqual(['status is confirmed, cancelled, checked-in or completed']);
    expect((await call('PATCH', `/bookings/${booking.id}/status`, manager, { status: 'cancelled', reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await setStatus(randomUUID(), 'confirmed', manager)).status).toBe(404);
    expect((await setStatus('not-an-id', 'confirmed', manager)).status).toBe(404);
  });

  it('a cancellation frees the nights: a guest can book the same dates right after', async () => {
    const dates = stay('kingfisher-villa');
    const booking = await guestBooks(dates);
    expect((await postJson(api('/bookings'), bookingBody(dates), { 'idempotency-key': newKey() })).status).toBe(409);
    const cancelled = await setStatus(booking.id, 'cancelled', await as('manager'), 'Guest asked by phone');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refund_amount: 0, cancelled_by: expect.stringContaining('Mira manager') });
    const again = await postJson(api('/bookings'), bookingBody(dates), { 'idempotency-key': newKey() });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await setStatus(booking.id, 'confirmed', await as('manager'))).status).toBe(409);
  });

  it('a staff cancellation of a paid booking is refunded by the stream consumer, by the 48-hour policy', async () => {
    const booking = await guestBooks({ ...stay('glass-cottage'), paymentMethod: 'razorpay' });
    const placed = await postJson(api('/payments/create-order'), { bookingId: booking.id });
    const paid = await postJson(api('/payments/test-checkout'), { orderId: placed.body.data.orderId, outcome: 'success' });
    expect((await postJson(api('/payments/verify-payment'), paid.body.data.response)).status).toBe(200);
    const list = await call('GET', `/bookings?q=${booking.booking_reference}`, await as('manager'));
    expect(list.body.data.bookings[0]).toMatchObject({ status: 'confirmed', payment_status: 'paid', cancel_refund: booking.total_amount });

    const cancelled = await setStatus(booking.id, 'cancelled', await as('manager'));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.refund_amount).toBe(booking.total_amount);
    const refunded = await eventually(
      () => stored(booking.id),
      (item) => item.refund_status === 'processed',
    );
    expect(refunded).toMatchObject({ refund_status: 'processed', payment_status: 'refunded', refund_id: expect.stringMatching(/^rfnd_/) });
  });

  it('two managers acting at once: exactly one wins, the other hears the booking changed (409)', async () => {
    const first = await guestBooks();
    const [a, b] = await Promise.all([setStatus(first.id, 'confirmed', await as('manager')), setStatus(first.id, 'confirmed', await as('manager2'))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);

    const second = await guestBooks();
    const [confirm, cancel] = await Promise.all([
      setStatus(second.id, 'confirmed', await as('manager')),
      setStatus(second.id, 'cancelled', await as('manager2')),
    ]);
    const statuses = [confirm.status, cancel.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(statuses.includes(409) ? 1 : 2);
    const final = await stored(second.id);
    // Confirm then cancel may both pass one after the other; never a cancel then confirm.
    if (confirm.status === 200 && cancel.status === 200) expect(final.status).toBe('cancelled');
    else expect(final.status).toBe(confirm.status === 200 ? 'confirmed' : 'cancelled');
    const loser = confirm.status === 409 ? confirm : cancel.status === 409 ? cancel : undefined;
    if (loser) expect(loser.body.error).toMatch(/changed meanwhile|cannot be/);
    const audits = (await itemsOf('audit')).filter((entry) => entry.subject_id === first.id);
    expect(audits).toHaveLength(1);
  });
});

describe('a booking in full (GET /api/bookings/{id}/details)', () => {
  it('shows every field, payments, safaris and the history from the audit and the booking itself', async () => {
    const dates = stay('hornbill-villa');
    const booking = await guestBooks({
      ...dates,
      packageId: 'safari-adventure',
      selectedSafaris: [{ safariId: 'evening-jungle-safari', date: dates.checkIn, timeSlot: '16:00-19:00', guests: 2 }],
    });
    const manager = await as('manager');
    expect((await setStatus(booking.id, 'confirmed', manager, 'Called back')).status).toBe(200);
    expect((await call('PATCH', `/bookings/${booking.id}/payment`, manager, { payment_status: 'paid', note: 'Card at desk' })).status).toBe(200);

    const details = await call('GET', `/bookings/${booking.id}/details`, await as('staff'));
    expect(details.status).toBe(200);
    const data = details.body.data;
    expect(data.booking).toMatchObject({
      id: booking.id,
      booking_reference: booking.booking_reference,
      status: 'confirmed',
      payment_status: 'paid',
      customer_phone: expect.any(String),
    });
    expect(data.booking.claims).toBeUndefined();
    expect(data.booking.manageTokenHash).toBeUndefined();
    expect(data.booking.safaris).toEqual([expect.objectContaining({ safari_id: 'evening-jungle-safari', date: booking.check_in_date, guests: 2 })]);
    // The money due at the property is one line, now paid by the manager's hand: never a stray 'offline, pending' beside a 'manual, paid'.
    expect(data.payments.map(({ method, status, note }: Record<string, string>) => ({ method, status, note }))).toEqual([
      { method: 'offline', status: 'paid', note: 'Card at desk' },
    ]);
    const events = data.history.map((entry: { event: string }) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['booking.confirm', 'booking.payment', 'Confirmed', expect.stringMatching(/^Booked online/)]));
    const confirm = data.history.find((entry: { event: string }) => entry.event === 'booking.confirm');
    expect(confirm).toMatchObject({
      by: expect.stringContaining('(manager)'),
      note: 'Called back',
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    const payment = data.history.find((entry: { event: string }) => entry.event === 'booking.payment');
    expect(payment).toMatchObject({ before: { payment_status: 'pending' }, after: { payment_status: 'paid' }, note: 'Card at desk' });
    // Newest first.
    expect([...data.history].sort((a, b) => b.at.localeCompare(a.at))).toEqual(data.history);
    expect(data.cancellation.policy).toContain('48 hours');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const staff = await as('staff');
    expect((await call('GET', `/bookings/${randomUUID()}/details`, staff)).status).toBe(404);
    expect((await call('GET', '/bookings/VM1234/details', staff)).status).toBe(404);
  });
});

describe('a phone booking typed by staff (POST /api/bookings/admin)', () => {
  const phoneBody = (overrides: Record<string, unknown> = {}) => {
    const {
      paymentMethod: _method,
      acceptTerms: _terms,
      ...body
    } = bookingBody({
      guestDetails: { firstName: 'Ravi', lastName: 'Menon', email: 'ravi.menon@example.in', phone: '90000 11111', countryCode: '+91' },
      ...overrides,
    });
    return body;
  };

  it('books through the guest core: pay at property, held for good, created_by, payment record and audit', async () => {
    const staff = await as('staff');
    const dates = stay('hornbill-villa');
    const key = newKey();
    const created = await call('POST', '/bookings/admin', staff, phoneBody(dates), { 'idempotency-key': key });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body.data.booking;
    expect(booking).toMatchObject({ status: 'pending', payment_method: 'offline', created_by: `Sam Staff <${staff.email}>`, customer_name: 'Ravi Menon' });
    expect(booking.user_id).toBeUndefined();
    expect(booking.hold_expires_at).toBeUndefined();
    expect(created.body.data.manageToken).toBeUndefined();
    const item = await stored(booking.id);
    expect(item.open_hold).toBeUndefined();
    expect(item.holdExpiresAtMs).toBeUndefined();
    // A retry with the same key answers with the same booking.
    const retried = await call('POST', '/bookings/admin', staff, phoneBody(dates), { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    expect(retried.body.data.booking.id).toBe(booking.id);
    // The nights are taken: a guest cannot book them.
    expect((await postJson(api('/bookings'), bookingBody(dates), { 'idempotency-key': newKey() })).status).toBe(409);
    const audit = (await itemsOf('audit')).filter((entry) => entry.subject_id === booking.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'booking.create',
        actor: expect.objectContaining({ role: 'staff' }),
        after: expect.objectContaining({ status: 'pending' }),
      }),
    ]);
    expect((await itemsOf('payment')).filter((payment) => payment.booking_id === booking.id)).toEqual([
      expect.objectContaining({ method: 'offline', status: 'pending', amount: booking.total_amount }),
    ]);
  });

  it('a cancelled phone booking owes nothing at the property: its due payment is voided with the cancellation', async () => {
    const created = await call('POST', '/bookings/admin', await as('staff'), phoneBody(stay('glass-cottage')), { 'idempotency-key': newKey() });
    expect(created.status).toBe(201);
    const booking = created.body.data.booking;
    const due = async () => (await itemsOf('payment')).find((payment) => payment.booking_id === booking.id);
    expect(await due()).toMatchObject({ status: 'pending' });
    const dueBefore = (await call('GET', '/payments/admin/stats', await as('manager'))).body.data.dueAtProperty as number;

    expect((await setStatus(booking.id, 'cancelled', await as('manager'))).status).toBe(200);

    expect(await due()).toMatchObject({ status: 'cancelled' });
    const dueAfter = (await call('GET', '/payments/admin/stats', await as('manager'))).body.data.dueAtProperty as number;
    expect(dueBefore - dueAfter).toBe(booking.total_amount);
  });

  it('cannot oversell: two staff booking the last villa at once, one gets it and the other 409', async () => {
    const dates = stay('kingfisher-villa');
    const [a, b] = await Promise.all([
      call('POST', '/bookings/admin', await as('staff'), phoneBody(dates), { 'idempotency-key': newKey() }),
      call('POST', '/bookings/admin', await as('manager'), phoneBody(dates), { 'idempotency-key': newKey() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.error).toContain('not available for these dates');
  });

  it('shows the field errors of the guest form, and needs an Idempotency-Key', async () => {
    const staff = await as('staff');
    const bad = await call('POST', '/bookings/admin', staff, phoneBody({ guestDetails: { firstName: '', lastName: 'X', email: 'nope', phone: '12' } }), {
      'idempotency-key': newKey(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.['guestDetails.firstName']).toEqual(['First name is required']);
    expect(bad.body.details?.['guestDetails.email']).toEqual(['Please enter a valid email address']);
    expect((await call('POST', '/bookings/admin', staff, phoneBody(stay()))).status).toBe(400);
  });
});

describe('payment status update (PATCH /api/bookings/{id}/payment)', () => {
  it('writes its audit entry with the change', async () => {
    const booking = await guestBooks();
    const manager = await as('manager');
    expect((await call('PATCH', `/bookings/${booking.id}/payment`, manager, { payment_status: 'paid' })).status).toBe(200);
    const audit = (await itemsOf('audit')).filter((entry) => entry.subject_id === booking.id);
    expect(audit).toEqual([expect.objectContaining({ action: 'booking.payment', before: { payment_status: 'pending' }, after: { payment_status: 'paid' } })]);
    // Later status changes work on top (the stored item keeps its gsi2 key right).
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: bookingKeys.item(booking.id),
        UpdateExpression: 'SET notes_for_test = :n',
        ExpressionAttributeValues: { ':n': 1 },
      }),
    );
    expect((await setStatus(booking.id, 'confirmed', manager)).status).toBe(200);
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
