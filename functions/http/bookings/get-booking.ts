import * as z from 'zod';
import { getBooking, toPublicBooking } from '../../lib/db/bookings.ts';
import { notFound, unauthorized } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/handler.ts';

const staffRoles = new Set(['admin', 'manager', 'staff']);

/** GET /api/bookings/{id}: its owner or staff; to anyone else it does not exist. */
export const handler = httpRoute({ params: z.object({ id: z.uuid({ error: 'Booking not found' }) }) }, async ({ params, principal }) => {
  if (!principal) throw unauthorized();
  const booking = await getBooking(params.id);
  if (!booking || (booking.user_id !== principal.userId && !staffRoles.has(principal.role))) throw notFound('Booking not found');
  return toPublicBooking(booking);
});
