import { listAdminPackages } from '../../lib/catalogue/package-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/packages/admin/all (manager): every package, active or not, with its display price and status. */
export const handler = httpRoute('list-all-packages', {}, async () => listAdminPackages());
