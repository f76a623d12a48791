import { stayTypeKind, stayTypeList } from '../../../lib/catalogue/stay-type-admin.ts';
import { listCatalogueRoute } from '../../../lib/http/catalogue-admin-routes.ts';

/** GET /api/admin/stay-types (manager): every villa type, offered or retired, with its units (all / active). */
export const handler = listCatalogueRoute('list-stay-types', stayTypeKind, stayTypeList);
