import * as v from 'valibot';
import { fields } from '../../../shared/validation.ts';
import { allPayments } from '../../lib/db/payments.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-12-24'));
const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;

/**
 * GET /api/payments/admin/stats (staff): money received, refunded and net, counts by status and
 * method, and what is still due at the property, over a `from`/`to` day range (default: all).
 */
export const handler = httpRoute('get-payment-stats', { query: fields({ from: v.optional(day), to: v.optional(day) }) }, async ({ query }) => {
  const entries = await allPayments(query.from, query.to);
  const payments = entries.filter((entry) => entry.kind === 'payment');
  const refunds = entries.filter((entry) => entry.kind === 'refund');
  const received = payments.filter((payment) => payment.status === 'captured' || payment.status === 'paid' || payment.status === 'refunded');
  const totalReceived = sum(received.map((payment) => payment.amount));
  const totalRefunded = sum(refunds.filter((refund) => refund.status !== 'failed').map((refund) => refund.amount));
  const count = (status: string) => payments.filter((payment) => payment.status === status).length;
  const byMethod = Object.fromEntries(
    (['razorpay', 'offline', 'manual'] as const).map((method) => {
      const of = received.filter((payment) => payment.kind === 'payment' && payment.method === method);
      return [method, { count: of.length, amount: sum(of.map((payment) => payment.amount)) }];
    }),
  );
  const dueAtProperty = payments.filter((payment) => payment.kind === 'payment' && payment.method === 'offline' && payment.status === 'pending');
  return {
    totalReceived,
    totalRefunded,
    net: sum([totalReceived, -totalRefunded]),
    currency: 'INR',
    counts: { captured: count('captured') + count('paid'), failed: count('failed'), refunded: count('refunded'), pendingAtProperty: dueAtProperty.length },
    dueAtProperty: sum(dueAtProperty.map((payment) => payment.amount)),
    byMethod,
    refunds: {
      pending: refunds.filter((refund) => refund.status === 'pending').length,
      processed: refunds.filter((refund) => refund.status === 'processed').length,
    },
  };
});
