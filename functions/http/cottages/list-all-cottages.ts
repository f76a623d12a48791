import { listAdminCottages } from '../../lib/catalogue/cottage-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/cottages/admin/all (manager): every unit, active or retired, with its upcoming bookings (confirmed / all). */
export const handler = httpRoute('list-all-cottages', {}, async () => listAdminCottages());
