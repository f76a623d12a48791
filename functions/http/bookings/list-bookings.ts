import { listBookingsQuerySchema } from '../../../shared/booking-list.ts';
import { listBookingsPage } from '../../lib/bookings/admin-list.ts';
import { dashboardFigures } from '../../lib/bookings/dashboard.ts';
import { InvalidCursor } from '../../lib/db/query.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/**
 * GET /api/bookings (staff). With `?stats` (or the original wire form `?admin&stats`): the dashboard figures.
 * Otherwise the booking list, newest first: `status`, `q` (case-insensitive, over guest, e-mail,
 * phone, reference and villa), `limit` (25, at most 100) and the opaque `cursor` of the page before.
 */
export const handler = httpRoute('list-bookings', { query: listBookingsQuerySchema }, async ({ query }) => {
  if (query.stats !== undefined) return dashboardFigures();
  try {
    return await listBookingsPage({ status: query.status, q: query.q || undefined, limit: query.limit, cursor: query.cursor });
  } catch (error) {
    if (error instanceof InvalidCursor) throw badRequest(error.message, { cursor: [error.message] });
    throw error;
  }
});
