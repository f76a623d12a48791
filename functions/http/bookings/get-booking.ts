import * as z from 'zod/mini';
import { BOOKING_ID, getBooking, toPublicBooking } from '../../lib/db/bookings.ts';
import { notFound, unauthorized } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const staffRoles = new Set(['admin', 'manager', 'staff']);

/** GET /api/bookings/{id}: its owner or staff; to anyone else it does not exist. */
export const handler = httpRoute({ params: z.object({ id: z.string() }) }, async ({ params, principal }) => {
  if (!principal) throw unauthorized();
  // Ids are UUIDs; anything else is simply a booking that does not exist.
  if (!BOOKING_ID.test(params.id)) throw notFound('Booking not found');
  const booking = await getBooking(params.id);
  if (!booking || (booking.user_id !== principal.userId && !staffRoles.has(principal.role))) throw notFound('Booking not found');
  return toPublicBooking(booking);
});
