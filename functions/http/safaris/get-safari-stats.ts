import { safariStats } from '../../lib/catalogue/safari-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/safaris/admin/stats (manager): counts and seats sold ahead per safari. */
export const handler = httpRoute('get-safari-stats', {}, async () => safariStats());
