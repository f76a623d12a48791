import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { bookingKeys } from '../../functions/lib/db/keys.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson, eventually } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';
import { mailsFor } from '../support/payment-fixtures.ts';
import { staffBookings, storedBooking as stored } from '../support/staff-bookings.ts';

/**
 * What staff do to a booking (issue 10) through the real local stack: every status change and the
 * ones refused, their races, a booking's details and history, the phone booking that goes through
 * the guest's own booking transaction, and a payment status update. The list and the dashboard are
 * in admin-bookings-list.test.ts.
 */
const stack = useTestStack();
const { as, api, call, setStatus, stay, guestBooks } = staffBookings(stack);

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
    expect(afterConfirm.hold_expires_at_ms).toBeUndefined();
    expect(afterConfirm.open_hold).toBeUndefined();
    // Its nights are its own for good, and it left the guest's open-hold sets.
    const night = (
      await documentClient.send(new GetCommand({ TableName: tableName, Key: { pk: 'COTTAGE#glass-1', sk: `NIGHT#${inDays(0)}` }, ConsistentRead: true }))
    ).Item;
    expect(night).toMatchObject({ booking_id: booking.id });
    expect(night?.hold_expires_at_ms).toBeUndefined();

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
    // All three Kingfisher villas, so that the same dates are taken.
    const dates = { ...stay('kingfisher-villa'), rooms: 3, adults: 3 };
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
    expect(item.hold_expires_at_ms).toBeUndefined();
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

  it("writes the guest's e-mails in the language staff chose for them, and refuses one it does not speak", async () => {
    const created = await call('POST', '/bookings/admin', await as('staff'), phoneBody({ ...stay('glass-cottage'), language: 'hi' }), {
      'idempotency-key': newKey(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body.data.booking;
    expect(await stored(booking.id)).toMatchObject({ language: 'hi' });
    expect((await setStatus(booking.id, 'confirmed', await as('manager'))).status).toBe(200);
    const [confirmation] = await eventually(
      () => mailsFor(booking.booking_reference),
      (mails) => mails.length > 0,
    );
    expect(confirmation?.subject).toContain(`बुकिंग ${booking.booking_reference}`);
    expect(confirmation?.text).toContain('प्रिय Ravi Menon');

    const before = (await itemsOf('booking')).length;
    const refused = await call('POST', '/bookings/admin', await as('staff'), phoneBody({ ...stay('glass-cottage'), language: 'fr' }), {
      'idempotency-key': newKey(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.language).toEqual(['Language must be one of: en, hi']);
    expect((await itemsOf('booking')).length).toBe(before);
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
    // Two of the three Kingfisher villas are taken: one is left.
    const dates = stay('kingfisher-villa');
    await guestBooks({ ...dates, rooms: 2, adults: 2 });
    const [a, b] = await Promise.all([
      call('POST', '/bookings/admin', await as('staff'), phoneBody(dates), { 'idempotency-key': newKey() }),
      call('POST', '/bookings/admin', await as('manager'), phoneBody(dates), { 'idempotency-key': newKey() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.error).toContain('not available for these dates');
  });

  it('gives three staff booking the same free villa at once a villa each, while the type has free ones', async () => {
    const dates = stay('kingfisher-villa');
    const answers = await Promise.all(
      ['staff', 'manager', 'staff'].map(async (role) =>
        call('POST', '/bookings/admin', await as(role as 'staff'), phoneBody(dates), { 'idempotency-key': newKey() }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const units = answers.map((answer) => answer.body.data.booking.cottage_ids[0] as string);
    expect([...units].sort()).toEqual(['kingfisher-1', 'kingfisher-2', 'kingfisher-3']);
    // Each audit entry names the villa its booking got, also for a booking that lost its first pick to another.
    const audits = await itemsOf('audit');
    for (const [index, answer] of answers.entries()) {
      const entry = audits.find((audit) => audit.subject_id === answer.body.data.booking.id);
      expect(entry?.after.cottage_ids).toEqual([units[index]]);
    }
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
