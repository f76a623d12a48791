import { fields, idField } from '../../../shared/validation.ts';
import { BOOKING_ID } from '../../lib/db/bookings.ts';
import { cancelOwnBooking } from '../../lib/bookings/release-booking.ts';
import { notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** PUT /api/bookings/{id}/cancel: frees the nights and seats; the 48-hour policy sets the refund. */
export const handler = httpRoute('cancel-booking', { params: fields({ id: idField('id') }) }, async ({ params, principal }) => {
  // Ids are UUIDs; anything else is simply a booking that does not exist.
  if (!BOOKING_ID.test(params.id)) throw notFound('Booking not found');
  return cancelOwnBooking(params.id, principal);
});
