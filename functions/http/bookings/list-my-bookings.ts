import { listBookingsOfUser, toPublicBooking } from '../../lib/db/bookings.ts';
import { unauthorized } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/bookings/my-bookings: the signed-in guest's bookings, newest first. */
export const handler = httpRoute({}, async ({ principal }) => {
  if (!principal) throw unauthorized();
  return (await listBookingsOfUser(principal.userId)).map(toPublicBooking);
});
