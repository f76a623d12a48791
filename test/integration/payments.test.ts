import { accountWithToken } from '../support/accounts.ts';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { bookingKeys, cottageKeys } from '../../functions/lib/db/keys.ts';
import { handler as sweep } from '../../functions/jobs/release-expired-holds.ts';
import { paymentKeys } from '../../functions/lib/payments/payment-keys.ts';
import { createTestProvider } from '../../functions/lib/payments/test-provider.ts';
import { checkoutSignature } from '../../functions/lib/payments/signatures.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson, eventually } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * Issue 9 through the real local stack (HTTP, DynamoDB Local, the stream consumer, the outbox):
 * online payment in test mode, its signature checks, the webhook once per event, a payment that
 * arrives after its hold lapsed, pay at property confirmed from the e-mail's link and its limits,
 * the refund of a cancelled paid booking, and the staff's payment list.
 */
const stack = useTestStack();

const provider = async () => {
  const keys = await paymentKeys();
  return createTestProvider({ keySecret: keys.keySecret, webhookSecret: keys.webhookSecret });
};

async function book(overrides: Record<string, unknown> = {}) {
  const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody({ paymentMethod: 'razorpay', ...overrides }), { 'idempotency-key': newKey() });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data as {
    booking: { id: string; total_amount: number; hold_expires_at: string; booking_reference: string };
    bookingReference: string;
    manageToken: string;
  };
}

const stored = async (id: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: bookingKeys.item(id), ConsistentRead: true }))).Item ?? {};
const night = async (cottageId: string, date: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: cottageKeys.night(cottageId, date), ConsistentRead: true }))).Item;

const order = async (bookingId: string) => postJson(`${stack.api}/payments/create-order`, { bookingId });

type OutboxEntry = { to: string; subject: string; text: string; attachments?: Array<{ filename: string; content: string }> };
async function outbox(): Promise<OutboxEntry[]> {
  const dir = process.env.MAIL_OUTBOX_DIR ?? '';
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as OutboxEntry));
}
const mailsFor = async (reference: string) => (await outbox()).filter((mail) => mail.text.includes(reference));

/** Moves a booking's hold (and its nights') into the past, as if the guest had waited 16 minutes. */
async function lapse(id: string, cottageId: string, nights: string[]) {
  const past = Date.now() - 60_000;
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: bookingKeys.item(id),
      UpdateExpression: 'SET holdExpiresAtMs = :past',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
  for (const date of nights)
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: cottageKeys.night(cottageId, date),
        UpdateExpression: 'SET holdExpiresAt = :past',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
}

describe('paying online (test mode: the same signature checks as Razorpay)', () => {
  it('orders once per booking for the stored amount, refuses a bad signature, then confirms for good, and answers the same when asked again', async () => {
    const created = await book({ cottageType: 'glass-cottage', checkIn: inDays(50), checkOut: inDays(52) });
    const { id, total_amount: total } = created.booking;
    const [first, ...again] = await Promise.all([order(id), order(id), order(id), order(id)]);
    expect(first?.status, JSON.stringify(first?.body)).toBe(200);
    const placed = first?.body.data;
    expect(placed).toMatchObject({ amount: total * 100, currency: 'INR', testMode: true, bookingReference: created.bookingReference });
    expect(placed.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(placed.notes).toMatchObject({
      bookingReference: created.bookingReference,
      villa: 'Glass Cottage',
      checkIn: inDays(50),
      checkOut: inDays(52),
      guests: '2',
    });
    for (const answer of again) expect(answer.body.data?.orderId).toBe(placed.orderId);
    // Anyone with the booking id may ask: the answer carries no name, e-mail or phone.
    const guest = bookingBody().guestDetails;
    expect(placed).not.toHaveProperty('prefill');
    for (const personal of [guest.email, guest.firstName, guest.lastName, guest.phone.replace(/\D/g, '').slice(-10)])
      expect(JSON.stringify(placed).replace(/\s/g, '')).not.toContain(personal);

    const paid = await postJson(`${stack.api}/payments/test-checkout`, { orderId: placed.orderId, outcome: 'success' });
    const response = paid.body.data.response as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
    expect(response.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);

    // Tampered, wrong secret, wrong length, another order's id: 400 and nothing changes.
    const keys = await paymentKeys();
    for (const signature of [
      response.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      checkoutSignature(response.razorpay_order_id, response.razorpay_payment_id, 'not-the-key-secret'),
      response.razorpay_signature.slice(0, 40),
    ]) {
      const bad = await postJson(`${stack.api}/payments/verify-payment`, { ...response, razorpay_signature: signature });
      expect(bad.status).toBe(400);
    }
    const otherOrder = await postJson(`${stack.api}/payments/verify-payment`, {
      ...response,
      razorpay_order_id: 'order_AAAAAAAAAAAAAA',
      razorpay_signature: checkoutSignature('order_AAAAAAAAAAAAAA', response.razorpay_payment_id, keys.keySecret),
    });
    expect(otherOrder.status).toBe(404);
    expect(await stored(id)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    const verified = await postJson(`${stack.api}/payments/verify-payment`, response);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data.booking).toMatchObject({ status: 'confirmed', payment_status: 'paid', payment_id: response.razorpay_payment_id });
    const again2 = await postJson(`${stack.api}/payments/verify-payment`, response);
    expect(again2.body.data.booking).toMatchObject({ status: 'confirmed', payment_id: response.razorpay_payment_id });

    // The nights no longer expire; the payment is recorded once; a new order is refused.
    const item = await stored(id);
    expect(item).not.toHaveProperty('holdExpiresAtMs');
    const claimed = await night('glass-1', inDays(50));
    expect(claimed).toMatchObject({ bookingId: id });
    expect(claimed).not.toHaveProperty('holdExpiresAt');
    expect((await itemsOf('payment')).filter((payment) => payment.booking_id === id)).toHaveLength(1);
    expect((await order(id)).status).toBe(409);

    // The receipt: confirmation e-mail with the manage link and a calendar file that parses.
    const [mail] = await eventually(
      () => mailsFor(created.bookingReference),
      (mails) => mails.length > 0,
    );
    expect(mail?.subject).toContain(created.bookingReference);
    expect(mail?.text).toMatch(/\/booking\/VM\w+\?token=/);
    const ics = mail?.attachments?.find((attachment) => attachment.filename.endsWith('.ics'));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content ?? '')).getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe(`${id}@forest-resort`);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(`${inDays(50)}T14:00:00+05:30`).toISOString());

    // The manage link from the e-mail opens the payments of the booking; a stranger's token does not.
    const token = /token=([^\s&"]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const payments = await getJson<any>(`${stack.api}/payments/booking/${id}?token=${token}`);
    expect(payments.status).toBe(200);
    expect(payments.body.data.payments).toEqual([expect.objectContaining({ id: response.razorpay_payment_id, status: 'captured', amount: total })]);
    expect((await getJson(`${stack.api}/payments/booking/${id}?token=${id}.${'x'.repeat(32)}`)).status).toBe(404);
    expect((await getJson(`${stack.api}/payments/booking/${id}`)).status).toBe(404);
  });

  it('a failed payment is recorded and the booking waits for another try, which succeeds', async () => {
    const created = await book({ cottageType: 'kingfisher-villa', checkIn: inDays(70), checkOut: inDays(71) });
    const placed = (await order(created.booking.id)).body.data;
    const failed = await postJson(`${stack.api}/payments/test-checkout`, { orderId: placed.orderId, outcome: 'failure' });
    expect(failed.body.data).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed' } });
    expect(await stored(created.booking.id)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect((await itemsOf('payment')).filter((payment) => payment.booking_id === created.booking.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const retry = await postJson(`${stack.api}/payments/test-checkout`, { orderId: placed.orderId, outcome: 'success' });
    const verified = await postJson(`${stack.api}/payments/verify-payment`, retry.body.data.response);
    expect(verified.body.data.booking.status).toBe('confirmed');
  });
});

describe('the webhook', () => {
  it('answers hostile and foreign deliveries without changing anything', async () => {
    const keys = await paymentKeys();
    const { webhookSignature } = await import('../../functions/lib/payments/signatures.ts');
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${stack.api}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    // No signature, a signature of another body, a signed body that is not JSON.
    expect((await post('{"event":"payment.captured"}', {})).status).toBe(400);
    expect((await post('{"event":"payment.captured"}', { 'x-razorpay-signature': webhookSignature('{}', keys.webhookSecret) })).status).toBe(400);
    expect((await post('not json', { 'x-razorpay-signature': webhookSignature('not json', keys.webhookSecret) })).status).toBe(400);
    // Signed, but for an order this stage never made, or an event it does not handle: acknowledged, ignored.
    const test = await provider();
    const paid = test.payWithTestCard({ id: 'order_NotOursAtAll00', amount: 100_000 }, 'success');
    const foreign = test.webhook('payment.captured', { payment: paid.payment });
    const answer = await post(foreign.body, { 'x-razorpay-signature': foreign.signature, 'x-razorpay-event-id': foreign.eventId });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ data: { result: 'ignored' } });
    expect((await itemsOf('payment')).filter((payment) => payment.order_id === 'order_NotOursAtAll00')).toEqual([]);
    // Ids that are not Razorpay's never reach the table.
    const malformed = await postJson(`${stack.api}/payments/verify-payment`, {
      razorpay_order_id: "order_' OR 1=1",
      razorpay_payment_id: 'pay_x',
      razorpay_signature: 'x',
    });
    expect(malformed.status).toBe(400);
    expect((await postJson(`${stack.api}/payments/create-order`, { bookingId: '../../etc/passwd' })).status).toBe(400);
    expect((await postJson(`${stack.api}/payments/test-checkout`, { orderId: 'order_AAAAAAAAAAAAAA', outcome: 'success' })).status).toBe(404);
  });

  it('checks the signature over the raw body, settles a capture once, and ignores replays and late failures', async () => {
    const created = await book({ cottageType: 'hornbill-villa', checkIn: inDays(80), checkOut: inDays(81) });
    const placed = (await order(created.booking.id)).body.data;
    const test = await provider();
    const attempt = test.payWithTestCard({ id: placed.orderId, amount: placed.amount }, 'success');
    if (!attempt.ok) throw new Error('the test card paid');
    const captured = test.webhook('payment.captured', { payment: attempt.payment });
    const post = (body: string, signature: string, eventId: string) =>
      fetch(`${stack.api}/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
        body,
      });

    expect((await post(captured.body, 'f'.repeat(64), captured.eventId)).status).toBe(400);
    expect((await post(`${captured.body} `, captured.signature, captured.eventId)).status).toBe(400);
    expect(await stored(created.booking.id)).toMatchObject({ status: 'pending' });

    const first = await post(captured.body, captured.signature, captured.eventId);
    expect(await first.json()).toMatchObject({ data: { result: 'handled' } });
    expect(await stored(created.booking.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', payment_id: attempt.payment.id });
    const replay = await post(captured.body, captured.signature, captured.eventId);
    expect(await replay.json()).toMatchObject({ data: { result: 'replay' } });

    // A failure of the same payment delivered late (out of order) changes nothing.
    const lateFailure = test.webhook('payment.failed', { payment: { ...attempt.payment, status: 'failed', error_description: 'late' } });
    expect((await post(lateFailure.body, lateFailure.signature, lateFailure.eventId)).status).toBe(200);
    expect(await stored(created.booking.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await itemsOf('payment')).filter((payment) => payment.booking_id === created.booking.id)).toEqual([
      expect.objectContaining({ status: 'captured' }),
    ]);
  });

  it('cross-checks what a signed webhook says against the order: amount, currency, one order per payment id, refunds within the payment', async () => {
    // Prepare: two bookings with their orders, and a webhook poster.
    const test = await provider();
    const post = async (hook: { body: string; signature: string; eventId: string }) =>
      (
        await fetch(`${stack.api}/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature, 'x-razorpay-event-id': hook.eventId },
          body: hook.body,
        })
      ).status;
    const first = await book({ cottageType: 'hornbill-villa', checkIn: inDays(140), checkOut: inDays(142) });
    const firstOrder = (await order(first.booking.id)).body.data;
    const second = await book({ cottageType: 'hornbill-villa', checkIn: inDays(143), checkOut: inDays(145) });
    const secondOrder = (await order(second.booking.id)).body.data;

    // Act and assess 1: 100 paise captured on an order of the whole stay: recorded and flagged, never confirmed.
    const tiny = test.payWithTestCard({ id: firstOrder.orderId, amount: 100 }, 'success');
    if (!tiny.ok) throw new Error('the test card paid');
    expect(await post(test.webhook('payment.captured', { payment: tiny.payment }))).toBe(200);
    const afterTiny = await stored(first.booking.id);
    expect(afterTiny).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(afterTiny.needs_attention).toContain('captured 1 INR');
    expect((await itemsOf('payment')).find((item) => item.id === tiny.payment.id)).toMatchObject({ status: 'captured', amount: 1 });
    // Another currency, the right amount: the same.
    const dollars = test.payWithTestCard({ id: firstOrder.orderId, amount: firstOrder.amount }, 'success');
    if (!dollars.ok) throw new Error('the test card paid');
    expect(await post(test.webhook('payment.captured', { payment: { ...dollars.payment, currency: 'USD' } }))).toBe(200);
    expect(await stored(first.booking.id)).toMatchObject({ status: 'pending' });

    // 2: the right payment settles the first booking; the same pay_ id offered for the second order pays nothing there.
    const real = test.payWithTestCard({ id: firstOrder.orderId, amount: firstOrder.amount }, 'success');
    if (!real.ok) throw new Error('the test card paid');
    expect(await post(test.webhook('payment.captured', { payment: real.payment }))).toBe(200);
    expect(await stored(first.booking.id)).toMatchObject({ status: 'confirmed', payment_id: real.payment.id });
    const reused = { ...real.payment, order_id: secondOrder.orderId, amount: secondOrder.amount };
    expect(await post(test.webhook('payment.captured', { payment: reused }))).toBe(200);
    const afterReuse = await stored(second.booking.id);
    expect(afterReuse).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(afterReuse.payment_id).toBeUndefined();
    expect(afterReuse.needs_attention).toContain('belongs to another order');
    const checkoutReuse = await postJson(`${stack.api}/payments/verify-payment`, {
      razorpay_order_id: secondOrder.orderId,
      razorpay_payment_id: real.payment.id,
      razorpay_signature: checkoutSignature(secondOrder.orderId, real.payment.id, (await paymentKeys()).keySecret),
    });
    expect(checkoutReuse.status).toBe(409);
    expect(await stored(second.booking.id)).toMatchObject({ status: 'pending' });

    // 3: a signed refund larger than the payment is not stored; the stats never go negative.
    const huge = {
      id: 'rfnd_Hugerefund0001',
      entity: 'refund' as const,
      amount: firstOrder.amount * 10,
      currency: 'INR',
      payment_id: real.payment.id,
      status: 'processed' as const,
      created_at: Math.floor(Date.now() / 1000),
      notes: {},
      receipt: null,
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    expect(await post(test.webhook('refund.processed', { payment: { ...real.payment, amount_refunded: huge.amount }, refund: huge }))).toBe(200);
    expect((await itemsOf('refund')).find((item) => item.id === huge.id)).toBeUndefined();
    expect((await stored(first.booking.id)).needs_attention).toContain(huge.id);
    const manager = await accountWithToken('manager');
    const stats = await getJson<any>(`${stack.api}/payments/admin/stats`, { headers: { authorization: manager.authorization } });
    expect(stats.body.data.net).toBeGreaterThanOrEqual(0);
    expect(stats.body.data.totalRefunded).toBeLessThanOrEqual(stats.body.data.totalReceived);
  });

  it('a payment captured after the hold lapsed re-holds the nights while they are free', async () => {
    const checkIn = inDays(90);
    const created = await book({ cottageType: 'glass-cottage', checkIn, checkOut: inDays(91) });
    const placed = (await order(created.booking.id)).body.data;
    await lapse(created.booking.id, 'glass-1', [checkIn]);
    await sweep();
    expect(await stored(created.booking.id)).toMatchObject({ status: 'expired' });
    expect(await night('glass-1', checkIn)).toBeUndefined();

    const test = await provider();
    const attempt = test.payWithTestCard({ id: placed.orderId, amount: placed.amount }, 'success');
    if (!attempt.ok) throw new Error('the test card paid');
    const verified = await postJson(`${stack.api}/payments/verify-payment`, attempt.response);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(await stored(created.booking.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await night('glass-1', checkIn)).toMatchObject({ bookingId: created.booking.id });
  });

  it('a payment captured after the villa was taken is refunded in full, flagged for staff, and mailed', async () => {
    const checkIn = inDays(95);
    const late = await book({
      cottageType: 'glass-cottage',
      checkIn,
      checkOut: inDays(96),
      guestDetails: { ...bookingBody().guestDetails, email: 'late@example.in' },
    });
    const placed = (await order(late.booking.id)).body.data;
    await lapse(late.booking.id, 'glass-1', [checkIn]);
    await sweep();
    const taker = await book({ cottageType: 'glass-cottage', checkIn, checkOut: inDays(96) });
    expect(taker.booking.id).not.toBe(late.booking.id);

    const test = await provider();
    const attempt = test.payWithTestCard({ id: placed.orderId, amount: placed.amount }, 'success');
    if (!attempt.ok) throw new Error('the test card paid');
    const captured = test.webhook('payment.captured', { payment: attempt.payment });
    const response = await fetch(`${stack.api}/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': captured.signature, 'x-razorpay-event-id': captured.eventId },
      body: captured.body,
    });
    expect(response.status).toBe(200);
    const after = await stored(late.booking.id);
    expect(after).toMatchObject({ status: 'expired', payment_status: 'refunded', payment_id: attempt.payment.id, refund_amount: late.booking.total_amount });
    expect(after.needs_attention).toContain('refunded in full');
    expect(after.refund_id).toMatch(/^rfnd_/);
    expect(await night('glass-1', checkIn)).toMatchObject({ bookingId: taker.booking.id });
    // The guest's own verify call, arriving later, hears the same story (409 naming the refund).
    const verified = await postJson(`${stack.api}/payments/verify-payment`, attempt.response);
    expect(verified.status).toBe(409);
    expect(verified.body.error).toContain('refunded it in full');
    const mails = await eventually(
      () => (async () => (await outbox()).filter((mail) => mail.to === 'late@example.in'))(),
      (found) => found.length > 0,
    );
    expect(mails[0]?.subject).toMatch(/refund/i);
  });
});

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
    expect(await stored(created.booking.id)).not.toHaveProperty('holdExpiresAtMs');
    const nights = (await itemsOf('night')).filter((item) => item.bookingId === created.booking.id);
    expect(nights).toHaveLength(2);
    for (const item of nights) expect(item).not.toHaveProperty('holdExpiresAt');
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
    expect(held.holdExpiresAtMs).toBeGreaterThan(Date.now());
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
