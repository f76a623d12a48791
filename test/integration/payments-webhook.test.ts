import { describe, expect, it } from 'vitest';
import { handler as sweep } from '../../functions/jobs/release-expired-holds.ts';
import { paymentKeys } from '../../functions/lib/payments/payment-keys.ts';
import { checkoutSignature } from '../../functions/lib/payments/signatures.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, itemsOf, postJson, eventually } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { bookingItem as stored, lapse, night, outbox, paymentCalls, provider } from '../support/payment-fixtures.ts';

/**
 * Issue 9's webhook through the real local stack (HTTP, DynamoDB Local, the stream consumer, the
 * outbox): hostile and foreign deliveries, each event once, what a signed event says checked against
 * the order, and a payment that arrives after its hold lapsed.
 */
const stack = useTestStack();
const { book, order } = paymentCalls(stack);

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
    expect(await night('glass-1', checkIn)).toMatchObject({ booking_id: created.booking.id });
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
    expect(await night('glass-1', checkIn)).toMatchObject({ booking_id: taker.booking.id });
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
