import { fields } from '../../../shared/validation.ts';
import { findGuestBooking, guestProofFields, referenceParams } from '../../lib/bookings/guest-lookup.ts';
import { cancellationTerms } from '../../lib/bookings/release-booking.ts';
import { toPublicBooking } from '../../lib/db/bookings.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/**
 * GET /api/bookings/reference/{reference}?email= or ?token=: the booking, with what cancelling it
 * now would do (the refund the 48-hour policy gives today), for the manage-booking page. Same 404
 * for a wrong e-mail as for an unknown reference, rate limited per client (guest-lookup.ts).
 */
export const handler = publicRoute(
  'get-booking-by-reference',
  { params: referenceParams, query: fields(guestProofFields) },
  async ({ params, query, event }) => {
    const now = Date.now();
    const booking = await findGuestBooking(params.reference, query, event.requestContext?.http?.sourceIp, now);
    return { ...toPublicBooking(booking), cancellation: cancellationTerms(booking, now) };
  },
);
