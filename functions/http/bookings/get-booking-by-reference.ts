import * as z from 'zod/mini';
import { verifyBookingToken } from '../../lib/auth.ts';
import { getBooking, getBookingByReference, toPublicBooking } from '../../lib/db/bookings.ts';
import { normaliseEmail } from '../../lib/db/keys.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';

const querySchema = z.object({ email: z.optional(z.string().check(z.maxLength(254))), token: z.optional(z.string().check(z.maxLength(2000))) });

/**
 * GET /api/bookings/reference/{reference}?email= or ?token=. A reference alone opens nothing: with
 * the wrong e-mail the answer is the same 404 as for a reference that does not exist.
 */
export const handler = publicRoute({ params: z.object({ reference: z.string().check(z.minLength(1), z.maxLength(40)) }), query: querySchema }, async ({ params, query }) => {
  if (!query.email && !query.token) throw badRequest('Give the e-mail address the booking was made with, or the link from the confirmation', { email: ['Required without token'] });
  const missing = notFound('No booking matches this reference and e-mail');
  if (query.token) {
    const bookingId = await verifyBookingToken(query.token);
    const booking = bookingId ? await getBooking(bookingId) : undefined;
    if (!booking || booking.booking_reference !== params.reference.toUpperCase()) throw missing;
    return toPublicBooking(booking);
  }
  const booking = await getBookingByReference(params.reference.toUpperCase());
  if (!booking || booking.customer_email !== normaliseEmail(query.email ?? '')) throw missing;
  return toPublicBooking(booking);
});
