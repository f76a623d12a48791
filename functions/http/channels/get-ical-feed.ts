import * as z from 'zod/mini';
import { unitCalendar } from '../../lib/channels/calendar-export.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import { withRawSuccess } from '../../lib/http/raw-success.ts';

/** Channels poll feeds every few minutes to hours: a few minutes of caching spares the table, and a new booking shows within them. */
const CACHE_CONTROL = 'private, max-age=300';

const route = publicRoute(
  'get-ical-feed',
  {
    params: z.object({ feed: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}\.ics$/, 'Calendar feeds look like kingfisher-1.ics')) }),
    query: z.object({ token: z._default(z.string().check(z.maxLength(200)), '') }),
  },
  async ({ params, query }) => unitCalendar(params.feed.slice(0, -'.ics'.length), query.token),
);

/**
 * GET /api/ical/{unit}.ics?token=: a unit's booked, held and blocked nights as an iCalendar feed
 * for the booking channels (docs/product.md#calendar-sync). The chain runs as for every route (its
 * errors, a wrong token's 404 among them, in the envelope); its 200 carries the calendar itself.
 */
export const handler = withRawSuccess(route, (envelope) => ({
  body: (JSON.parse(envelope) as { data: string }).data,
  headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': CACHE_CONTROL },
}));
