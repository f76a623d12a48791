import { paymentMessages, verifyPaymentSchema } from '../../../shared/payments.ts';
import { toPublicBooking } from '../../lib/db/bookings.ts';
import { badRequest, conflict, HttpError } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { paymentKeys } from '../../lib/payments/payment-keys.ts';
import { PaymentProviderError } from '../../lib/payments/provider.ts';
import { settleCaptured } from '../../lib/payments/settle.ts';
import { verifyCheckoutSignature } from '../../lib/payments/signatures.ts';

/**
 * POST /api/payments/verify-payment with what the checkout's success callback gives: the signature
 * HMAC-SHA256(key secret, `order_id|payment_id`) is checked in constant time before anything is
 * read; a bad one is 400 and changes nothing. Then the payment is settled (settle.ts): recorded, the
 * booking confirmed and its nights made permanent in one transaction. Asked again, same answer.
 */
export const handler = publicRoute('verify-payment', { body: verifyPaymentSchema }, async ({ body }) => {
  const keys = await paymentKeys();
  if (!verifyCheckoutSignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature, keys.keySecret))
    throw badRequest(paymentMessages.badSignature, { razorpay_signature: ['Does not match this order and payment'] });
  let settled;
  try {
    settled = await settleCaptured({ orderId: body.razorpay_order_id, paymentId: body.razorpay_payment_id, source: 'checkout' });
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new HttpError(
        502,
        'Your payment arrived, but we could not finish it just now. Our staff have been told and will contact you; you will not lose your money.',
      );
    throw error;
  }
  if (settled.outcome === 'refunded')
    throw conflict(
      `Your payment arrived after the hold on this booking had run out and the villa was taken, so we have refunded it in full (${settled.booking.refund_id ?? 'refund recorded'}). Please book again.`,
      undefined,
      { code: 'refunded', booking: toPublicBooking(settled.booking) },
    );
  return { booking: toPublicBooking(settled.booking), payment: settled.payment };
});
