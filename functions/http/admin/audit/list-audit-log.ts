import * as z from 'zod/mini';
import type { AuditEntry } from '../../../../shared/audit.ts';
import { cursorField, maxLength, pageLimit } from '../../../../shared/validation.ts';
import { auditLogPage } from '../../../lib/db/audit.ts';
import { InvalidCursor } from '../../../lib/db/query.ts';
import { badRequest } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** Reads at most this many pages for one answer; a sparse filter then answers fewer rows and a cursor. */
const MAX_READS = 20;

/**
 * GET /api/admin/audit (manager) `?month=yyyy-mm&limit&cursor&subject&actor`: the audit log of a
 * month (default: the current one, UTC), newest first, `limit` a page (default 50, at most 100)
 * with an opaque cursor; optionally only one kind of thing (`subject`: booking, cottage, user, ...)
 * or one actor (`actor`: their id or e-mail).
 */
export const handler = httpRoute(
  'list-audit-log',
  {
    query: z.object({
      month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month looks like 2026-11'))),
      limit: pageLimit('50'),
      cursor: cursorField(),
      subject: z.optional(z.string().check(z.regex(/^[a-z-]{1,30}$/, 'subject is a kind of thing, like booking or user'))),
      actor: z.optional(z.string().check(z.trim(), z.toLowerCase(), maxLength(254))),
    }),
  },
  async ({ query }) => {
    const month = query.month ?? new Date().toISOString().slice(0, 7);
    const wanted = (entry: AuditEntry) =>
      (!query.subject || entry.subject_type === query.subject) &&
      (!query.actor || entry.actor.id === query.actor || entry.actor.email.toLowerCase() === query.actor);
    const items: AuditEntry[] = [];
    let cursor = query.cursor;
    try {
      // Each read asks for no more than the rows still missing, so the cursor points exactly after the last row answered.
      for (let reads = 0; reads < MAX_READS; reads += 1) {
        const page = await auditLogPage(month, query.limit - items.length, cursor);
        items.push(...page.items.filter(wanted));
        cursor = page.cursor;
        if (!cursor || items.length >= query.limit) break;
      }
    } catch (error) {
      if (error instanceof InvalidCursor) throw badRequest(error.message, { cursor: [error.message] });
      throw error;
    }
    return { month, items, ...(cursor ? { cursor } : {}) };
  },
);
