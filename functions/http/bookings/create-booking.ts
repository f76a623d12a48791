import { createBookingSchema } from '../../../shared/booking.ts';
import { createGuestBooking } from '../../lib/bookings/guest-booking.ts';
import { requireIdempotencyKey } from '../../lib/bookings/create-booking.ts';
import { optionalRoute } from '../../lib/http/optional-route.ts';

/**
 * POST /api/bookings. The Idempotency-Key header (one per booking attempt, e.g. a UUID) makes a
 * retried request return the first answer instead of booking twice.
 */
export const handler = optionalRoute('create-booking', { body: createBookingSchema }, async ({ body, event, principal }) => {
  const created = await createGuestBooking(body, {
    idempotencyKey: requireIdempotencyKey(event),
    clientAddress: event.requestContext?.http?.sourceIp,
    principal,
  });
  const headers: Record<string, string> = created.replayed ? { 'idempotent-replayed': 'true' } : {};
  return { statusCode: 201, data: created, headers };
});
