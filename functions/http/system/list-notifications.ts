import * as z from 'zod/mini';
import { inRoleGroup } from '../../../shared/users.ts';
import { isoTimestamp } from '../../../shared/validation.ts';
import { FEED_LOOKBACK_MS, feedSince } from '../../lib/db/feed.ts';
import { forbidden } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const MAX_ENTRIES = 100;

/**
 * GET /api/notifications?since=&audience= : the caller's notification feed after `since`, for the
 * web client when its WebSocket fails (it polls with the last entry's time) and for the bell's
 * history. `audience=admin` is the staff feed (a portal account); otherwise a signed-in guest gets
 * the events of their own bookings only. Oldest first, at most 100; `more` says another call would
 * return more.
 */
export const handler = httpRoute(
  'list-notifications',
  {
    query: z.object({
      since: z.optional(z.string().check(isoTimestamp('since is an ISO time, such as 2026-11-22T09:00:00.000Z'))),
      audience: z._default(z.enum(['admin', 'guest'], 'audience is admin or guest'), 'guest'),
    }),
  },
  async ({ query, principal }) => {
    if (query.audience === 'admin' && !inRoleGroup(principal.role, 'staff')) throw forbidden('The staff feed needs a portal account');
    const now = Date.now();
    const oldest = new Date(now - FEED_LOOKBACK_MS).toISOString();
    const asked = query.since ? new Date(query.since).toISOString() : oldest;
    // Nothing is older than the feed keeps, and nothing is newer than now: a later `since` has nothing to show.
    if (asked > new Date(now).toISOString()) return { events: [], more: false };
    const since = asked > oldest ? asked : oldest;
    const { entries, more } = await feedSince(query.audience === 'admin' ? 'admin' : `user:${principal.userId}`, since, MAX_ENTRIES);
    return { events: entries.map(({ audience: _audience, ...entry }) => entry), more };
  },
);
