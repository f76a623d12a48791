import { safariKind, guardSafariDelete } from '../../lib/catalogue/safari-admin.ts';
import { deleteCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** DELETE /api/safaris/admin/{id} (manager): refused (409) while seats are sold on a coming day. */
export const handler = deleteCatalogueRoute('delete-safari', safariKind, guardSafariDelete);
