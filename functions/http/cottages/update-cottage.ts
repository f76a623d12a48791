import { cottageInputSchema } from '../../../shared/admin-catalogue-cottages.ts';
import { cottageKind, cottagesWithBookings, planCottageUpdate } from '../../lib/catalogue/cottage-admin.ts';
import { updateCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/** PUT /api/cottages/admin/update/{id} (manager), the create body: the unit as given (404 if it is gone). */
export const handler = updateCatalogueRoute('update-cottage', cottageInputSchema, cottageKind, { plan: planCottageUpdate, present: cottagesWithBookings });
