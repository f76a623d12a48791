import * as z from 'zod/mini';
import { cursorField, dayRangeInOrder, pageLimit } from '../../../shared/validation.ts';
import { listPaymentsPage, type PaymentListEntry } from '../../lib/db/payments.ts';
import { InvalidCursor } from '../../lib/db/query.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-12-24'));

/**
 * GET /api/payments/admin (staff): payments and refunds, newest first, `limit` per page (default
 * 25, at most 100) with an opaque `cursor` for the next; filters: `kind` (payment, refund),
 * `status`, `method`, and a `from`/`to` day range of when they were recorded.
 */
export const handler = httpRoute(
  'list-payments',
  {
    query: z
      .object({
        limit: pageLimit('25'),
        cursor: cursorField(),
        kind: z.optional(z.enum(['payment', 'refund'], 'kind is payment or refund')),
        status: z.optional(z.enum(['created', 'captured', 'failed', 'refunded', 'pending', 'paid', 'processed', 'cancelled'], 'Unknown status')),
        method: z.optional(z.enum(['razorpay', 'offline', 'manual'], 'method is razorpay, offline or manual')),
        from: z.optional(day),
        to: z.optional(day),
      })
      .check(dayRangeInOrder()),
  },
  async ({ query }) => {
    const wanted = (entry: PaymentListEntry) =>
      (!query.kind || entry.kind === query.kind) &&
      (!query.status || entry.status === query.status) &&
      (!query.method || (entry.kind === 'payment' && entry.method === query.method));
    const items: PaymentListEntry[] = [];
    let cursor = query.cursor;
    try {
      // Filters apply after each page is read: read on until the page is full or the list ends.
      do {
        const page = await listPaymentsPage({ limit: query.limit, cursor, from: query.from, to: query.to });
        items.push(...page.items.filter(wanted));
        cursor = page.cursor;
      } while (cursor && items.length < query.limit);
    } catch (error) {
      if (error instanceof InvalidCursor) throw badRequest(error.message, { cursor: [error.message] });
      throw error;
    }
    return { items: items.slice(0, query.limit), ...(cursor ? { cursor } : {}) };
  },
);
