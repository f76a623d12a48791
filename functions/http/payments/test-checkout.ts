import { paymentMessages, testCheckoutSchema } from '../../../shared/payments.ts';
import { getBooking } from '../../lib/db/bookings.ts';
import { getOrder } from '../../lib/db/payments.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { paymentKeys } from '../../lib/payments/payment-keys.ts';
import { createTestProvider } from '../../lib/payments/test-provider.ts';
import { receiveWebhook } from '../../lib/payments/webhook.ts';

/** The test provider, or a 404-worthy undefined in live mode (the test checkout does not exist there). */
async function testProvider() {
  const keys = await paymentKeys();
  return keys.mode === 'test' ? createTestProvider({ keySecret: keys.keySecret, webhookSecret: keys.webhookSecret }) : undefined;
}

/**
 * POST /api/payments/test-checkout `{ orderId, outcome }`: the test mode's stand-in for Razorpay's
 * checkout window (404 in live mode). Success answers exactly what Razorpay's success callback
 * gives (order id, payment id, signature made on the server with the stage's test key secret); the
 * site then calls verify-payment as it would in live mode. Failure answers Razorpay's error shape
 * and, as Razorpay would, delivers a signed `payment.failed` webhook through the real webhook code.
 */
export const handler = publicRoute('test-checkout', { body: testCheckoutSchema }, async ({ body }) => {
  const provider = await testProvider();
  if (!provider) throw notFound(paymentMessages.testModeOnly);
  const order = await getOrder(body.orderId);
  const booking = order ? await getBooking(order.bookingId) : undefined;
  if (!order || !booking) throw notFound('No booking is waiting for this order');
  if (booking.payment_status !== 'pending' || booking.status !== 'pending')
    throw conflict(booking.payment_status === 'paid' ? paymentMessages.alreadyPaid : paymentMessages.holdExpired, undefined, {
      code: booking.payment_status === 'paid' ? 'already_paid' : 'hold_expired',
    });
  const attempt = provider.payWithTestCard(
    {
      id: order.orderId,
      amount: order.amount,
      notes: { bookingReference: booking.booking_reference },
      email: booking.customer_email,
      contact: booking.customer_phone,
    },
    body.outcome,
  );
  if (attempt.ok) return { ok: true, response: attempt.response };
  const webhook = provider.webhook('payment.failed', { payment: attempt.payment });
  await receiveWebhook(webhook.body, webhook.signature, webhook.eventId);
  return { ok: false, error: attempt.error };
});
