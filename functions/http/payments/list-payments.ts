import * as v from 'valibot';
import { cursorField, dayRangeInOrder, fields, pageLimit } from '../../../shared/validation.ts';
import { listPaymentsPage, type PaymentListEntry } from '../../lib/db/payments.ts';
import { InvalidCursor } from '../../lib/db/query.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-12-24'));

/**
 * GET /api/payments/admin (staff): payments and refunds, newest first, `limit` per page (default
 * 25, at most 100) with an opaque `cursor` for the next; filters: `kind` (payment, refund),
 * `status`, `method`, and a `from`/`to` day range of when they were recorded.
 */
export const handler = httpRoute(
  'list-payments',
  {
    query: v.pipe(
      fields({
        limit: pageLimit('25'),
        cursor: cursorField(),
        kind: v.optional(v.picklist(['payment', 'refund'], 'kind is payment or refund')),
        status: v.optional(v.picklist(['created', 'captured', 'failed', 'refunded', 'pending', 'paid', 'processed', 'cancelled'], 'Unknown status')),
        method: v.optional(v.picklist(['razorpay', 'offline', 'manual'], 'method is razorpay, offline or manual')),
        from: v.optional(day),
        to: v.optional(day),
      }),
      dayRangeInOrder(),
    ),
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
