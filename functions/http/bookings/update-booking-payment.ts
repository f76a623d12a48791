import * as z from 'zod/mini';
import { idField, maxLength } from '../../../shared/validation.ts';
import { auditWrite } from '../../lib/db/audit.ts';
import { BOOKING_ID, getBooking, toPublicBooking } from '../../lib/db/bookings.ts';
import { tableName } from '../../lib/db/client.ts';
import * as bookingKeys from '../../lib/db/keys/booking.ts';
import { getDuePayment, putPaymentWrite, takeDuePaymentWrite } from '../../lib/db/payments.ts';
import { unpaidReleases } from '../../lib/db/unpaid-owners.ts';
import { transact, TransactionRefused } from '../../lib/db/transactions.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';
import { cleanText } from '../../../shared/text.ts';

/**
 * PATCH /api/bookings/{id}/payment (manager) `{ payment_status, note? }`: a manual payment status
 * change, such as money taken at the property. The booking records who made it and when; the
 * payments list shows it as the booking's due-at-the-property record changed, or for a booking
 * without one as a `manual` entry; the audit entry is written in the same transaction.
 */
export const handler = httpRoute(
  'update-booking-payment',
  {
    params: z.object({ id: idField('id') }),
    body: z.object({
      payment_status: z.enum(['pending', 'paid', 'refunded'], 'payment_status is pending, paid or refunded'),
      note: z.optional(
        z.string().check(
          z.overwrite((text: string) => cleanText(text)),
          maxLength(500, 'The note is at most 500 characters'),
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
    // Money due at the property has its record already: that record is what changes, not a second line.
    const due = booking.payment_method === 'offline' ? await getDuePayment(booking.id) : undefined;
    // Paid: no longer one of its owners' unpaid stays (taken back once: the mark goes in the same update).
    const leavesOwed = body.payment_status === 'paid' && booking.owed_nights !== undefined;
    try {
      await transact([
        {
          Update: {
            TableName: tableName,
            Key: bookingKeys.item(booking.id),
            UpdateExpression: `SET payment_status = :status, payment_updated_by = :by, payment_updated_at = :at${leavesOwed ? ' REMOVE owed_nights' : ''}`,
            ConditionExpression: `payment_status = :was${leavesOwed ? ' AND attribute_exists(owed_nights)' : ''}`,
            ExpressionAttributeValues: { ':status': body.payment_status, ':by': by, ':at': now, ':was': booking.payment_status },
          },
        },
        ...(leavesOwed ? unpaidReleases({ ...booking, open_hold: false }) : []),
        due
          ? takeDuePaymentWrite(booking.id, { status: body.payment_status, by, at: now, note: body.note })
          : putPaymentWrite({
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
    const { owed_nights: _owed, ...rest } = booking;
    return toPublicBooking({ ...(leavesOwed ? rest : booking), payment_status: body.payment_status, payment_updated_by: by, payment_updated_at: now });
  },
);
