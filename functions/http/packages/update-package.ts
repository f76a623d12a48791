import { packageInputSchema } from '../../../shared/admin-catalogue-packages.ts';
import { packageKind, packageUpdate } from '../../lib/catalogue/package-admin.ts';
import { updateCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** PUT /api/packages/admin/{id} (manager), the create body; fields it leaves out keep their value. */
export const handler = updateCatalogueRoute('update-package', packageInputSchema, packageKind, packageUpdate);
