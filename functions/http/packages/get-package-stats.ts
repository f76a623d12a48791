import { packageStats } from '../../lib/catalogue/package-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/packages/admin/stats (manager): counts, take-up over the last 30 days and upcoming bookings per package. */
export const handler = httpRoute('get-package-stats', {}, async () => packageStats());
