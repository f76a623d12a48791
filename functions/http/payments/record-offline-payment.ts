import { offlinePaymentSchema } from '../../../shared/payments.ts';
import { findStayToConfirm } from '../../lib/bookings/guest-lookup.ts';
import { toPublicBooking } from '../../lib/db/bookings.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { confirmPayAtProperty } from '../../lib/payments/pay-at-property.ts';

/**
 * POST /api/payments/offline-payment `{ reference, confirmToken }`: the guest confirms a
 * pay-at-property booking from the Confirm link in the e-mail, whose proof no API answer carries
 * (the manage token opens and cancels; it does not confirm). Its hold becomes a booking: the
 * nights stop expiring and a pending payment at the property is recorded; staff take the money on arrival.
 */
export const handler = publicRoute('record-offline-payment', { body: offlinePaymentSchema }, async ({ body, event }) => {
  const now = Date.now();
  const booking = await findStayToConfirm(body.reference, body.confirmToken, event.requestContext?.http?.sourceIp, now);
  const confirmed = await confirmPayAtProperty(booking, now);
  return { booking: toPublicBooking(confirmed) };
});
