import { updateBookingStatusSchema } from '../../../shared/booking-status.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { changeBookingStatus } from '../../lib/bookings/change-status.ts';
import { BOOKING_ID } from '../../lib/db/bookings.ts';
import { notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/**
 * PATCH /api/bookings/{id}/status (staff) `{ status, reason? }`: confirm or cancel (manager), check
 * in or out (staff), by the rules of shared/booking-status.ts. 409 with the current `status` when
 * the booking is not in a status it may leave this way, or changed meanwhile.
 */
export const handler = httpRoute(
  'update-booking-status',
  { params: fields({ id: idField('id') }), body: updateBookingStatusSchema },
  async ({ params, body, principal }) => {
    if (!BOOKING_ID.test(params.id)) throw notFound('Booking not found');
    return changeBookingStatus(params.id, body, principal);
  },
);
