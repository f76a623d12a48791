import { cottageKind, cottageList } from '../../lib/catalogue/cottage-admin.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** GET /api/cottages/admin/all (manager): every unit, active or retired, with its upcoming bookings (confirmed / all). */
export const handler = listCatalogueRoute('list-all-cottages', cottageKind, cottageList);
