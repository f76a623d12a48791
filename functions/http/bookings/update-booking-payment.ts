import * as z from 'zod/mini';
import { idField, maxLength } from '../../../shared/validation.ts';
import { auditWrite } from '../../lib/db/audit.ts';
import { BOOKING_ID, getBooking, toPublicBooking } from '../../lib/db/bookings.ts';
import { getDuePayment, recordManualPayment } from '../../lib/db/payments.ts';
import { TransactionRefused } from '../../lib/db/transactions.ts';
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
    const at = new Date().toISOString();
    const by = `${principal.name} <${principal.email}>`;
    // Money due at the property has its record already: that record is what changes, not a second line.
    const due = booking.payment_method === 'offline' ? await getDuePayment(booking.id) : undefined;
    try {
      const changed = await recordManualPayment(
        booking,
        { status: body.payment_status, by, at, note: body.note },
        {
          hasDueRecord: due !== undefined,
          audit: auditWrite({
            actor: principal,
            action: 'booking.payment',
            subject: { entity: 'booking', id: booking.id, label: booking.booking_reference },
            before: { payment_status: booking.payment_status },
            after: { payment_status: body.payment_status },
            ...(body.note ? { note: body.note } : {}),
            at,
          }),
        },
      );
      return toPublicBooking(changed);
    } catch (error) {
      if (error instanceof TransactionRefused) throw conflict('The payment status changed meanwhile. Please reload the booking and try again.');
      throw error;
    }
  },
);
