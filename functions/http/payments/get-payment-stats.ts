import * as z from 'zod/mini';
import { dayRangeInOrder } from '../../../shared/validation.ts';
import { allPayments } from '../../lib/db/payments.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';
import { moneyReceived, moneyTotals, sum } from '../../lib/payments/money-totals.ts';

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-12-24'));

/**
 * GET /api/payments/admin/stats (staff): money received, refunded and net, counts by status and
 * method, and what is still due at the property, over a `from`/`to` day range (default: all).
 */
export const handler = httpRoute(
  'get-payment-stats',
  { query: z.object({ from: z.optional(day), to: z.optional(day) }).check(dayRangeInOrder()) },
  async ({ query }) => {
    const entries = await allPayments(query.from, query.to);
    const payments = entries.filter((entry) => entry.kind === 'payment');
    const refunds = entries.filter((entry) => entry.kind === 'refund');
    const received = payments.filter(moneyReceived);
    const { totalReceived, totalRefunded, net } = moneyTotals(entries);
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
      net,
      currency: 'INR',
      counts: { captured: count('captured') + count('paid'), failed: count('failed'), refunded: count('refunded'), pendingAtProperty: dueAtProperty.length },
      dueAtProperty: sum(dueAtProperty.map((payment) => payment.amount)),
      byMethod,
      refunds: {
        pending: refunds.filter((refund) => refund.status === 'pending').length,
        processed: refunds.filter((refund) => refund.status === 'processed').length,
      },
    };
  },
);
