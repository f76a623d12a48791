import { badRequest } from '../../lib/http/errors.ts';
import { MAX_BODY_BYTES, publicRoute } from '../../lib/http/handler.ts';
import { receiveWebhook } from '../../lib/payments/webhook.ts';

/**
 * POST /api/payments/webhook: Razorpay's events (payment.captured, payment.failed,
 * refund.processed). The signature covers the raw body, so the body is read as sent, never
 * re-serialised. A 2xx tells the provider the event is done; an error makes it deliver again.
 */
export const handler = publicRoute('payment-webhook', {}, async ({ event }) => {
  if (!event.body) throw badRequest('The webhook body is empty');
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw badRequest('The webhook body is too large');
  const header = (name: string) => event.headers?.[name] ?? event.headers?.[name.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => dash + c.toUpperCase())];
  return receiveWebhook(raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
});
