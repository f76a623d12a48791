import { fields } from '../../../shared/validation.ts';
import { findGuestBooking, guestProofFields, referenceParams } from '../../lib/bookings/guest-lookup.ts';
import { cancelBooking } from '../../lib/bookings/release-booking.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/**
 * PUT /api/bookings/reference/{reference}/cancel with `{ email }` or `{ token }`: a guest without an
 * account cancels from the manage-booking page. The proof, the answers to a wrong one and the rate
 * limit are the lookup's; the cancellation and its refund are the signed-in guest's.
 */
export const handler = publicRoute(
  'cancel-booking-by-reference',
  { params: referenceParams, body: fields(guestProofFields, 'Give the e-mail address or the link from the confirmation') },
  async ({ params, body, event }) => {
    const now = Date.now();
    const booking = await findGuestBooking(params.reference, body, event.requestContext?.http?.sourceIp, now);
    return cancelBooking(booking, now);
  },
);
