import { packageKind, guardPackageDelete } from '../../lib/catalogue/package-admin.ts';
import { deleteCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** DELETE /api/packages/admin/{id} (manager): refused (409) while upcoming bookings carry the package. */
export const handler = deleteCatalogueRoute('delete-package', packageKind, guardPackageDelete);
