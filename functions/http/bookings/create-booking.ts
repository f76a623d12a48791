import { createBookingSchema } from '../../../shared/booking.ts';
import { createBooking } from '../../lib/bookings/create-booking.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * POST /api/bookings. The Idempotency-Key header (one per booking attempt, e.g. a UUID) makes a
 * retried request return the first answer instead of booking twice.
 */
export const handler = httpRoute('create-booking', { body: createBookingSchema }, async ({ body, event, principal }) => {
  const key = event.headers?.['idempotency-key'] ?? event.headers?.['Idempotency-Key'];
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw badRequest('An Idempotency-Key header is required: a unique id (8-128 letters, digits, - _ . :) for this booking attempt', {
      'Idempotency-Key': ['Required, 8-128 characters'],
    });
  }
  const created = await createBooking(body, { idempotencyKey: key, clientAddress: event.requestContext?.http?.sourceIp, ...(principal ? { principal } : {}) });
  const headers: Record<string, string> = created.replayed ? { 'idempotent-replayed': 'true' } : {};
  return { statusCode: 201, data: created, headers };
});
