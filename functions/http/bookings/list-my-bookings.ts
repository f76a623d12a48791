import { cancellationTerms } from '../../lib/bookings/release-booking.ts';
import { listBookingsOfUser, toPublicBooking } from '../../lib/db/bookings.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/bookings/my-bookings: the signed-in guest's bookings, newest first, each with what cancelling it now would do. */
export const handler = httpRoute('list-my-bookings', {}, async ({ principal }) => {
  const now = Date.now();
  return (await listBookingsOfUser(principal.userId)).map((booking) => ({ ...toPublicBooking(booking), cancellation: cancellationTerms(booking, now) }));
});
