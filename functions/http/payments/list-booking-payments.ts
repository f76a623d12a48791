import * as z from 'zod/mini';
import { portalRoles } from '../../../shared/users.ts';
import { idField, maxLength } from '../../../shared/validation.ts';
import { manageTokenOpens } from '../../lib/bookings/manage-link.ts';
import { parseManageToken } from '../../lib/bookings/manage-token.ts';
import { BOOKING_ID, getBooking } from '../../lib/db/bookings.ts';
import { paymentsOfBooking } from '../../lib/db/payments.ts';
import { notFound } from '../../lib/http/errors.ts';
import { optionalRoute } from '../../lib/http/optional-route.ts';

/**
 * GET /api/payments/booking/{bookingId}: the booking's payments and refunds, for its owner (signed
 * in), the holder of its manage link (`?token=`) or staff. To anyone else the booking does not exist.
 */
export const handler = optionalRoute(
  'list-booking-payments',
  { params: z.object({ bookingId: idField('bookingId') }), query: z.object({ token: z.optional(z.string().check(maxLength(2000))) }) },
  async ({ params, query, principal }) => {
    const missing = notFound('Booking not found');
    if (!BOOKING_ID.test(params.bookingId)) throw missing;
    const booking = await getBooking(params.bookingId);
    if (!booking) throw missing;
    const staff = principal !== undefined && portalRoles.includes(principal.role);
    const owner = principal !== undefined && booking.user_id === principal.userId;
    const parsed = query.token ? parseManageToken(query.token) : undefined;
    const linkHolder = parsed !== undefined && (await manageTokenOpens(booking, parsed));
    if (!staff && !owner && !linkHolder) throw missing;
    return paymentsOfBooking(booking.id);
  },
);
