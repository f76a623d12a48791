import { cottageKind, guardCottageDelete } from '../../lib/catalogue/cottage-admin.ts';
import { deleteCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** DELETE /api/cottages/admin/delete/{id} (manager): refused (409) while guests have upcoming bookings on the unit. */
export const handler = deleteCatalogueRoute('delete-cottage', cottageKind, guardCottageDelete);
