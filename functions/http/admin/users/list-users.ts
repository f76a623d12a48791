import { listUsersQuerySchema } from '../../../../shared/admin-users.ts';
import type { PublicUser } from '../../../../shared/users.ts';
import { lockoutOf } from '../../../lib/db/login-attempts.ts';
import { InvalidCursor } from '../../../lib/db/query.ts';
import { readUserCounts } from '../../../lib/db/user-counts.ts';
import { listUsersPage } from '../../../lib/db/users.ts';
import { badRequest } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** Reads at most this many pages for one answer; a sparse filter then answers fewer rows and a cursor. */
const MAX_READS = 20;

/**
 * GET /api/admin/users (admin): users newest first, `limit` a page (default 25, at most 100) with
 * an opaque `cursor`; filters `role`, `status` and `q` (name, e-mail or phone, case-insensitive
 * contains; a phone matches on its digits); and the four counts of the tab's cards. Each user
 * carries `sign_in_lock` while their sign-in is locked out.
 */
export const handler = httpRoute('list-users', { query: listUsersQuerySchema }, async ({ query }) => {
  const needle = query.q?.toLowerCase() ?? '';
  const digits = needle.replace(/\D/g, '');
  const wanted = (user: PublicUser) =>
    (!query.role || user.role === query.role) &&
    (!query.status || user.status === query.status) &&
    (!needle ||
      user.name.toLowerCase().includes(needle) ||
      user.email.includes(needle) ||
      (user.phone !== undefined && (user.phone.includes(needle) || (digits.length > 0 && user.phone.includes(digits)))));
  const items: PublicUser[] = [];
  let cursor = query.cursor;
  try {
    // Filters apply to what is read: read on until the page is full. Each read asks for no more than
    // the rows still missing, so the cursor points exactly after the last row answered.
    for (let reads = 0; reads < MAX_READS; reads += 1) {
      const page = await listUsersPage(query.limit - items.length, cursor);
      items.push(...page.items.filter(wanted));
      cursor = page.cursor;
      if (!cursor || items.length >= query.limit) break;
    }
  } catch (error) {
    if (error instanceof InvalidCursor) throw badRequest(error.message, { cursor: [error.message] });
    throw error;
  }
  // Whether each listed account's sign-in is locked out now: one query of its counters each, in parallel.
  const now = Date.now();
  const [locks, counts] = await Promise.all([Promise.all(items.map((user) => lockoutOf(user.email, now))), readUserCounts()]);
  const listed = items.map((user, index) => {
    const lock = locks[index];
    return lock ? { ...user, sign_in_lock: { until: new Date(lock.until * 1000).toISOString(), addresses: lock.addresses, slowed: lock.slowed } } : user;
  });
  return { items: listed, ...(cursor ? { cursor } : {}), counts };
});
