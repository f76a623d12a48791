import type { PaymentListEntry } from '../db/payments.ts';

/** Rupee amounts added up to the paisa. */
export const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;

/** A payment whose money reached the resort: captured online, taken at the property, or received and refunded since. */
export const moneyReceived = (payment: Pick<PaymentListEntry, 'kind' | 'status'>): boolean =>
  payment.kind === 'payment' && (payment.status === 'captured' || payment.status === 'paid' || payment.status === 'refunded');

/**
 * Money in and out over a list of payments and refunds: what was received, what went back (refunds
 * not failed), and the net. Unpaid holds and money still due at the property count for nothing.
 */
export function moneyTotals(entries: PaymentListEntry[]) {
  const totalReceived = sum(entries.filter(moneyReceived).map((payment) => payment.amount));
  const totalRefunded = sum(entries.filter((entry) => entry.kind === 'refund' && entry.status !== 'failed').map((refund) => refund.amount));
  return { totalReceived, totalRefunded, net: sum([totalReceived, -totalRefunded]) };
}
