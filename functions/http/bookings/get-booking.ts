import { portalRoles } from '../../../shared/users.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { cancellationTerms } from '../../lib/bookings/release-booking.ts';
import { BOOKING_ID, getBooking, toPublicBooking } from '../../lib/db/bookings.ts';
import { notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/bookings/{id}: its owner or staff, with what cancelling it now would do; to anyone else it does not exist. */
export const handler = httpRoute('get-booking', { params: fields({ id: idField('id') }) }, async ({ params, principal }) => {
  // Ids are UUIDs; anything else is simply a booking that does not exist.
  if (!BOOKING_ID.test(params.id)) throw notFound('Booking not found');
  const booking = await getBooking(params.id);
  if (!booking || (booking.user_id !== principal.userId && !portalRoles.includes(principal.role))) throw notFound('Booking not found');
  return { ...toPublicBooking(booking), cancellation: cancellationTerms(booking, Date.now()) };
});
