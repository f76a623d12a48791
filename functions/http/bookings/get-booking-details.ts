import { fields, idField } from '../../../shared/validation.ts';
import { bookingDetails } from '../../lib/bookings/details.ts';
import { BOOKING_ID } from '../../lib/db/bookings.ts';
import { notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/bookings/{id}/details (staff): every field of a booking, its payments, refunds, safaris and history. */
export const handler = httpRoute('get-booking-details', { params: fields({ id: idField('id') }) }, async ({ params }) => {
  if (!BOOKING_ID.test(params.id)) throw notFound('Booking not found');
  return bookingDetails(params.id);
});
