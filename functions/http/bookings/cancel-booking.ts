import * as z from 'zod';
import { cancelOwnBooking } from '../../lib/bookings/release-booking.ts';
import { unauthorized } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/handler.ts';

/** PUT /api/bookings/{id}/cancel: frees the nights and seats; the 48-hour policy sets the refund. */
export const handler = httpRoute({ params: z.object({ id: z.uuid({ error: 'Booking not found' }) }) }, async ({ params, principal }) => {
  if (!principal) throw unauthorized();
  return cancelOwnBooking(params.id, principal);
});
