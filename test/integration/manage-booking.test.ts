import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { bookingKeys } from '../../functions/lib/db/keys.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * Managing a booking without an account (docs/product.md#manage-booking): the manage page shows the refund the
 * 48-hour policy gives today before the guest confirms, and the cancellation by reference + e-mail
 * (or the confirmation's link) frees the nights at once.
 */
const stack = useTestStack();

async function book(cottageType: string, checkIn: number, nights = 2) {
  const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody({ cottageType, checkIn: inDays(checkIn), checkOut: inDays(checkIn + nights) }), {
    'idempotency-key': newKey(),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return {
    reference: body.data.bookingReference as string,
    id: body.data.booking.id as string,
    token: body.data.manageToken as string,
    total: body.data.booking.total_amount as number,
  };
}

const markPaid = (id: string) =>
  documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: bookingKeys.item(id),
      UpdateExpression: 'SET payment_status = :paid',
      ExpressionAttributeValues: { ':paid': 'paid' },
    }),
  );

async function put(url: string, body: unknown) {
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: any; error?: string } };
}

const availability = (cottageType: string, checkIn: number, nights = 2) =>
  postJson(`${stack.api}/cottages/${cottageType}/availability`, { checkIn: inDays(checkIn), checkOut: inDays(checkIn + nights), guests: 2, rooms: 1 });

describe('managing a booking by reference', () => {
  it('shows the refund before cancelling, cancels with the e-mail, and the nights are free again at once', async () => {
    const booking = await book('glass-cottage', 60);
    await markPaid(booking.id);
    expect((await availability('glass-cottage', 60)).body.data.available).toBe(false);

    const shown = await getJson<any>(`${stack.api}/bookings/reference/${booking.reference.toLowerCase()}?email=ASHA@example.in`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ booking_reference: booking.reference, status: 'pending', payment_status: 'paid' });
    expect(shown.body.data.cancellation).toMatchObject({ cancellable: true, refundAmount: booking.total });
    expect(Date.parse(shown.body.data.cancellation.freeCancellationUntil)).toBe(Date.parse(`${inDays(58)}T14:00:00+05:30`));
    expect(shown.body.data).not.toHaveProperty('manageTokenHash');

    const cancelled = await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, { email: 'asha@example.in' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ refundAmount: booking.total, booking: { status: 'cancelled', refund_amount: booking.total } });
    expect((await availability('glass-cottage', 60)).body.data.available).toBe(true);

    // Cancelled once: the page now says why it cannot be cancelled, and a second cancel is refused.
    const after = await getJson<any>(`${stack.api}/bookings/reference/${booking.reference}?email=asha@example.in`);
    expect(after.body.data.cancellation).toMatchObject({ cancellable: false, reason: 'This booking is cancelled and cannot be cancelled', refundAmount: 0 });
    expect((await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, { email: 'asha@example.in' })).status).toBe(409);
  });

  it('cancels with the link from the confirmation; an unpaid booking refunds nothing; a wrong e-mail or token changes nothing', async () => {
    const booking = await book('kingfisher-villa', 70);
    const wrongEmail = await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, { email: 'someone@else.in' });
    const wrongToken = await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, { token: `${booking.id}.not-the-secret` });
    const unknown = await put(`${stack.api}/bookings/reference/VMNOSUCHREF/cancel`, { email: 'asha@example.in' });
    for (const refused of [wrongEmail, wrongToken, unknown])
      expect(refused).toEqual({ status: 404, body: { success: false, error: 'No booking matches this reference and e-mail' } });
    expect((await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, {})).status).toBe(400);
    expect((await availability('kingfisher-1', 70)).body.data.available).toBe(false);

    const shown = await getJson<any>(`${stack.api}/bookings/reference/${booking.reference}?token=${encodeURIComponent(booking.token)}`);
    expect(shown.body.data.cancellation).toMatchObject({ cancellable: true, refundAmount: 0 });
    const cancelled = await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, { token: booking.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ refundAmount: 0, booking: { status: 'cancelled' } });
    expect((await availability('kingfisher-1', 70)).body.data.available).toBe(true);
  });

  it('inside 48 hours of check-in a paid booking can still be cancelled, for no refund, and says so first', async () => {
    const booking = await book('hornbill-villa', 1, 1);
    await markPaid(booking.id);
    const shown = await getJson<any>(`${stack.api}/bookings/reference/${booking.reference}?email=asha@example.in`);
    expect(shown.body.data.cancellation).toMatchObject({ cancellable: true, refundAmount: 0 });
    const cancelled = await put(`${stack.api}/bookings/reference/${booking.reference}/cancel`, { email: 'asha@example.in' });
    expect(cancelled.body.data).toMatchObject({ refundAmount: 0, booking: { status: 'cancelled', refund_amount: 0 } });
  });
});
