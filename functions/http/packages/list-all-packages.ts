import { packageKind, packageList } from '../../lib/catalogue/package-admin.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** GET /api/packages/admin/all (manager): every package, active or not, with its display price and status. */
export const handler = listCatalogueRoute('list-all-packages', packageKind, packageList);
