import { stayTypeInputSchema } from '../../../../shared/admin-catalogue-stay-types.ts';
import { stayTypeKind, stayTypeUpdate } from '../../../lib/catalogue/stay-type-admin.ts';
import { updateCatalogueRoute } from '../../../lib/http/catalogue-admin-routes.ts';

/**
 * PUT /api/admin/stay-types/{id} (manager), the create body: the type as given. A new price is set
 * on every unit in the same transaction; status 'retired' takes the type off sale at once.
 */
export const handler = updateCatalogueRoute('update-stay-type', stayTypeInputSchema, stayTypeKind, stayTypeUpdate);
