import * as v from 'valibot';
import { fields } from '../../../shared/validation.ts';
import { auditWrite } from '../../lib/db/audit.ts';
import { BOOKING_ID, getBooking, toPublicBooking } from '../../lib/db/bookings.ts';
import { tableName } from '../../lib/db/client.ts';
import * as bookingKeys from '../../lib/db/keys/booking.ts';
import { putPaymentWrite } from '../../lib/db/payments.ts';
import { transact, TransactionRefused } from '../../lib/db/transactions.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';
import { cleanText } from '../../../shared/text.ts';

/**
 * PATCH /api/bookings/{id}/payment (manager) `{ payment_status, note? }`: a manual payment status
 * change, such as money taken at the property. The booking records who made it and when, and a
 * `manual` payment entry keeps it in the payments list with the same name; the audit entry is
 * written in the same transaction.
 */
export const handler = httpRoute(
  'update-booking-payment',
  {
    params: fields({ id: v.string() }),
    body: fields({
      payment_status: v.picklist(['pending', 'paid', 'refunded'], 'payment_status is pending, paid or refunded'),
      note: v.optional(
        v.pipe(
          v.string(),
          v.transform((text) => cleanText(text)),
          v.maxLength(500, 'The note is at most 500 characters'),
        ),
      ),
    }),
  },
  async ({ params, body, principal }) => {
    if (!BOOKING_ID.test(params.id)) throw notFound('Booking not found');
    const booking = await getBooking(params.id);
    if (!booking) throw notFound('Booking not found');
    if (booking.payment_status === body.payment_status) return toPublicBooking(booking);
    const now = new Date().toISOString();
    const by = `${principal.name} <${principal.email}>`;
    try {
      await transact([
        {
          Update: {
            TableName: tableName,
            Key: bookingKeys.item(booking.id),
            UpdateExpression: 'SET payment_status = :status, payment_updated_by = :by, payment_updated_at = :at',
            ConditionExpression: 'payment_status = :was',
            ExpressionAttributeValues: { ':status': body.payment_status, ':by': by, ':at': now, ':was': booking.payment_status },
          },
        },
        putPaymentWrite({
          id: `manual_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
          booking_id: booking.id,
          booking_reference: booking.booking_reference,
          method: 'manual',
          amount: booking.total_amount,
          currency: 'INR',
          status: body.payment_status,
          recorded_by: by,
          ...(body.note ? { note: body.note } : {}),
          created_at: now,
        }),
        auditWrite({
          actor: principal,
          action: 'booking.payment',
          subject: { entity: 'booking', id: booking.id, label: booking.booking_reference },
          before: { payment_status: booking.payment_status },
          after: { payment_status: body.payment_status },
          ...(body.note ? { note: body.note } : {}),
          at: now,
        }),
      ]);
    } catch (error) {
      if (error instanceof TransactionRefused) throw conflict('The payment status changed meanwhile. Please reload the booking and try again.');
      throw error;
    }
    return toPublicBooking({ ...booking, payment_status: body.payment_status, payment_updated_by: by, payment_updated_at: now });
  },
);
