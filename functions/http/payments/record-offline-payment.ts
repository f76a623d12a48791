import { offlinePaymentSchema } from '../../../shared/payments.ts';
import { findGuestBooking } from '../../lib/bookings/guest-lookup.ts';
import { toPublicBooking } from '../../lib/db/bookings.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { confirmPayAtProperty } from '../../lib/payments/pay-at-property.ts';

/**
 * POST /api/payments/offline-payment `{ reference, token }`: the guest confirms a pay-at-property
 * booking from the link in the e-mail (the token proves they read that mailbox). Its hold becomes
 * a booking: the nights stop expiring and a pending payment at the property is recorded; staff
 * confirm it and take the money on arrival. The e-mail address alone is not enough here.
 */
export const handler = publicRoute('record-offline-payment', { body: offlinePaymentSchema }, async ({ body, event }) => {
  const now = Date.now();
  const booking = await findGuestBooking(body.reference, { token: body.token }, event.requestContext?.http?.sourceIp, now);
  const confirmed = await confirmPayAtProperty(booking, now);
  return { booking: toPublicBooking(confirmed) };
});
