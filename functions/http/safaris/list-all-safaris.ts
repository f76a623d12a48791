import { safariKind, safariList } from '../../lib/catalogue/safari-admin.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** GET /api/safaris/admin/all (manager): every safari, active or not, in the wire shape beside ours. */
export const handler = listCatalogueRoute('list-all-safaris', safariKind, safariList);
