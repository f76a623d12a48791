import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { paymentKeys } from '../../functions/lib/payments/payment-keys.ts';
import { checkoutSignature } from '../../functions/lib/payments/signatures.ts';
import { bookingBody, inDays, itemsOf, postJson, eventually } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { bookingItem as stored, mailsFor, night, paymentCalls } from '../support/payment-fixtures.ts';

/**
 * Issue 9 through the real local stack (HTTP, DynamoDB Local, the stream consumer, the outbox):
 * online payment in test mode, its signature checks, the confirmation e-mail and the manage link's
 * payments. The webhook: payments-webhook.test.ts; pay at property, refunds and the staff's
 * payment list: payments-at-property-and-refunds.test.ts.
 */
const stack = useTestStack();
const { book, order } = paymentCalls(stack);

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
    expect(item).not.toHaveProperty('hold_expires_at_ms');
    const claimed = await night('glass-1', inDays(50));
    expect(claimed).toMatchObject({ booking_id: id });
    expect(claimed).not.toHaveProperty('hold_expires_at_ms');
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
