import { createStaffBookingSchema } from '../../../shared/booking-request.ts';
import { createBooking, requireIdempotencyKey } from '../../lib/bookings/create-booking.ts';
import { auditWrite } from '../../lib/db/audit.ts';
import { toPublicBooking } from '../../lib/db/bookings.ts';
import { duePaymentWrite } from '../../lib/db/payments.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/**
 * POST /api/bookings/admin (staff): a phone booking typed by staff, pay at property. It goes
 * through the guest's own creation core and transaction (so it can no more oversell than a guest
 * can), holds its nights for good at once, and carries its payment record (due at the property),
 * who typed it and an audit entry in that same transaction. It stays pending until a manager
 * confirms it. The Idempotency-Key header makes a retried request answer with the first booking.
 */
export const handler = httpRoute('create-staff-booking', { body: createStaffBookingSchema }, async ({ body, event, principal }) => {
  const key = requireIdempotencyKey(event);
  const createdBy = `${principal.name} <${principal.email}>`;
  const now = Date.now();
  const created = await createBooking(
    { ...body, paymentMethod: 'offline' },
    {
      idempotencyKey: key,
      now,
      terms: {
        // Held for good at once: the guest agreed on the phone (no 24-hour confirmation link), and
        // it is not counted in the open-hold limit, which is for anonymous guests.
        marks: { created_by: createdBy, guest_confirmed_at: new Date(now).toISOString() },
        // Each staff member's keys are their own: two people reusing a key never get each other's booking.
        keyScope: `staff:${principal.userId}`,
        alongside: (booking) => ({
          writes: [
            duePaymentWrite(booking, booking.created_at, createdBy),
            auditWrite({
              actor: principal,
              action: 'booking.create',
              subject: { entity: 'booking', id: booking.id, label: booking.booking_reference },
              after: toPublicBooking(booking),
              note: 'Phone booking entered by staff',
              at: booking.created_at,
            }),
          ],
        }),
      },
    },
  );
  const { manageToken: _token, ...answer } = created;
  const headers: Record<string, string> = created.replayed ? { 'idempotent-replayed': 'true' } : {};
  return { statusCode: 201, data: answer, headers };
});
