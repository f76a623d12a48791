import { safariInputSchema } from '../../../shared/admin-catalogue-safaris.ts';
import { safariKind, safariUpdate } from '../../lib/catalogue/safari-admin.ts';
import { updateCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** PUT /api/safaris/admin/{id} (manager), the create body. */
export const handler = updateCatalogueRoute('update-safari', safariInputSchema, safariKind, safariUpdate);
