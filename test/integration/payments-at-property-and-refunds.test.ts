import { describe, expect, it } from 'vitest';
import { handler as sweep } from '../../functions/jobs/release-expired-holds.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, itemsOf, postJson, eventually } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { bookingItem as stored, lapse, mailsFor, outbox, paymentCalls } from '../support/payment-fixtures.ts';

/**
 * Issue 9 through the real local stack (HTTP, DynamoDB Local, the stream consumer, the outbox):
 * pay at property confirmed from the e-mail's link and its limits, the refund of a cancelled paid
 * booking, and the staff's payment list (over the payments this file's tests made).
 */
const stack = useTestStack();
const { book, order } = paymentCalls(stack);

describe('pay at property', () => {
  /** The proof of the Confirm link in a booking's e-mail, and the manage link's token beside it. */
  const confirmLinkOf = async (reference: string) => {
    const [mail] = await eventually(
      () => mailsFor(reference),
      (mails) => mails.length > 0,
    );
    const link = /https?:\/\/\S+confirm=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const url = new URL(link);
    return { mail, confirmToken: url.searchParams.get('confirm') ?? '', linkToken: url.searchParams.get('token') ?? '' };
  };
  const confirmWith = (reference: string, confirmToken: string) => postJson(`${stack.api}/payments/offline-payment`, { reference, confirmToken });

  it('holds the villa for 24 hours until the guest confirms from the e-mail link; then the nights stay booked', async () => {
    const created = await book({ paymentMethod: 'offline', cottageType: 'kingfisher-villa', checkIn: inDays(100), checkOut: inDays(102) });
    const holdMs = Date.parse(created.booking.hold_expires_at) - Date.now();
    expect(holdMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(holdMs).toBeLessThanOrEqual(24 * 3_600_000);
    const { mail, confirmToken, linkToken } = await confirmLinkOf(created.bookingReference);
    expect(mail?.text).toContain('Confirm');
    expect(confirmToken).not.toBe(created.manageToken);
    // The calendar file travels further than the e-mail: it carries the manage link, never the confirm proof.
    const calendar = mail?.attachments?.find((file) => file.filename.endsWith('.ics'))?.content ?? '';
    expect(Buffer.from(calendar, 'base64').toString('utf8') + calendar).not.toContain(confirmToken);

    expect((await confirmWith(created.bookingReference, `${created.booking.id}.${'y'.repeat(32)}`)).status).toBe(404);
    const confirmed = await confirmWith(created.bookingReference, confirmToken);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.booking).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(confirmed.body.data.booking.guest_confirmed_at).toBeTruthy();
    expect(await stored(created.booking.id)).not.toHaveProperty('hold_expires_at_ms');
    const nights = (await itemsOf('night')).filter((item) => item.booking_id === created.booking.id);
    expect(nights).toHaveLength(2);
    for (const item of nights) expect(item).not.toHaveProperty('hold_expires_at_ms');
    // Confirming twice is the same; the sweeper leaves it alone; the manage link still opens it.
    expect((await confirmWith(created.bookingReference, confirmToken)).status).toBe(200);
    await sweep();
    expect(await stored(created.booking.id)).toMatchObject({ status: 'pending' });
    expect((await getJson(`${stack.api}/bookings/reference/${created.bookingReference}?token=${encodeURIComponent(linkToken)}`)).status).toBe(200);
  });

  it('never confirms with the manage token the booking answer carries, nor with the manage link: only the e-mail confirms', async () => {
    // Prepare: a stranger books to pay at the property and keeps what the API answered.
    const created = await book({ paymentMethod: 'offline', cottageType: 'glass-cottage', checkIn: inDays(120), checkOut: inDays(134) });
    expect(JSON.stringify(created)).not.toMatch(/confirm/i);
    const { confirmToken, linkToken } = await confirmLinkOf(created.bookingReference);

    // Act: confirm with every token but the e-mail's Confirm proof.
    const attempts = await Promise.all([
      confirmWith(created.bookingReference, created.manageToken),
      confirmWith(created.bookingReference, linkToken),
      postJson(`${stack.api}/payments/offline-payment`, { reference: created.bookingReference, token: created.manageToken }),
      // The proof's signature under another booking's id confirms nothing.
      confirmWith(created.bookingReference, `00000000-0000-4000-8000-000000000000.${confirmToken.split('.')[1] ?? ''}`),
    ]);

    // Assess: refused, and the booking is still an unconfirmed hold that the sweeper will release.
    expect(attempts.map((answer) => answer.status)).toEqual([404, 404, 400, 404]);
    expect(attempts[2]?.body.details?.confirmToken).toBeDefined();
    const held = await stored(created.booking.id);
    expect(held).toMatchObject({ status: 'pending', open_hold: true });
    expect(held.guest_confirmed_at).toBeUndefined();
    expect(held.hold_expires_at_ms).toBeGreaterThan(Date.now());
  });

  it('an unconfirmed one expires like an unpaid hold', async () => {
    const created = await book({ paymentMethod: 'offline', cottageType: 'hornbill-villa', checkIn: inDays(110), checkOut: inDays(111) });
    const { confirmToken } = await confirmLinkOf(created.bookingReference);
    await lapse(created.booking.id, 'hornbill-1', [inDays(110)]);
    await sweep();
    expect(await stored(created.booking.id)).toMatchObject({ status: 'expired' });
    expect((await confirmWith(created.bookingReference, confirmToken)).status).toBe(409);
  });
});

describe('refunds and the staff view', () => {
  it('cancelling a paid booking refunds what the 48-hour policy gives, through the provider, and mails it', async () => {
    const created = await book({
      cottageType: 'kingfisher-villa',
      checkIn: inDays(120),
      checkOut: inDays(121),
      guestDetails: { ...bookingBody().guestDetails, email: 'refund@example.in' },
    });
    const placed = (await order(created.booking.id)).body.data;
    const paid = await postJson(`${stack.api}/payments/test-checkout`, { orderId: placed.orderId, outcome: 'success' });
    await postJson(`${stack.api}/payments/verify-payment`, paid.body.data.response);
    const cancel = await fetch(`${stack.api}/bookings/reference/${created.bookingReference}/cancel`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: created.manageToken }),
    });
    expect(cancel.status).toBe(200);
    expect((await cancel.json()) as unknown).toMatchObject({ data: { refundAmount: created.booking.total_amount } });
    const refunded = await eventually(
      () => stored(created.booking.id),
      (item) => item.refund_status === 'processed',
    );
    expect(refunded.refund_id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const refunds = (await itemsOf('refund')).filter((refund) => refund.booking_id === created.booking.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: created.booking.total_amount, payment_id: paid.body.data.response.razorpay_payment_id })]);
    const mails = await eventually(
      () => (async () => (await outbox()).filter((mail) => mail.to === 'refund@example.in'))(),
      (found) => found.length >= 3,
    );
    expect(mails.map((mail) => mail.subject).join(' | ')).toMatch(/cancel/i);
    expect(mails.map((mail) => mail.subject).join(' | ')).toMatch(/refund/i);
  });

  it('staff list payments newest first, page by page, with stats; a manual status change records who made it', async () => {
    const staffAccount = await accountWithToken('admin', 'Meera');
    const admin = staffAccount.token;
    const auth = { headers: { authorization: `Bearer ${admin}` } };
    const guestToken = (await accountWithToken('customer', 'G')).token;
    expect((await getJson(`${stack.api}/payments/admin`, { headers: { authorization: `Bearer ${guestToken}` } })).status).toBe(403);
    const page = await getJson<any>(`${stack.api}/payments/admin?limit=2`, auth);
    expect(page.status).toBe(200);
    expect(page.body.data.items).toHaveLength(2);
    const [a, b] = page.body.data.items as Array<{ created_at: string }>;
    expect((a?.created_at ?? '') >= (b?.created_at ?? '')).toBe(true);
    const next = await getJson<any>(`${stack.api}/payments/admin?limit=2&cursor=${page.body.data.cursor}`, auth);
    expect(next.body.data.items.length).toBeGreaterThan(0);
    expect((await getJson(`${stack.api}/payments/admin?cursor=bm9wZQ`, auth)).status).toBe(400);
    const failedOnly = await getJson<any>(`${stack.api}/payments/admin?status=failed`, auth);
    expect(failedOnly.body.data.items.every((item: { status: string }) => item.status === 'failed')).toBe(true);
    const stats = await getJson<any>(`${stack.api}/payments/admin/stats`, auth);
    expect(stats.body.data.totalReceived).toBeGreaterThan(0);
    expect(stats.body.data.net).toBe(stats.body.data.totalReceived - stats.body.data.totalRefunded);

    const atProperty = await book({ paymentMethod: 'offline', cottageType: 'hornbill-villa', checkIn: inDays(130), checkOut: inDays(131) });
    const patch = await fetch(`${stack.api}/bookings/${atProperty.booking.id}/payment`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ payment_status: 'paid', note: 'Cash at the front desk' }),
    });
    expect(patch.status).toBe(200);
    expect(await stored(atProperty.booking.id)).toMatchObject({ payment_status: 'paid', payment_updated_by: `Meera <${staffAccount.email}>` });
  });
});
