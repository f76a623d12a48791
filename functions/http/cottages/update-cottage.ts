import { cottageInputSchema } from '../../../shared/admin-catalogue-cottages.ts';
import { cottageKind, cottageUpdate } from '../../lib/catalogue/cottage-admin.ts';
import { updateCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** PUT /api/cottages/admin/update/{id} (manager), the create body: the unit as given (404 if it is gone). */
export const handler = updateCatalogueRoute('update-cottage', cottageInputSchema, cottageKind, cottageUpdate);
