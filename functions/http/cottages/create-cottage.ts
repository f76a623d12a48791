import { cottageInputSchema } from '../../../shared/admin-catalogue-cottages.ts';
import { cottageCreate, cottageKind } from '../../lib/catalogue/cottage-admin.ts';
import { createCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/**
 * POST /api/cottages/admin/create (manager) `{name, description, price_per_night, capacity,
 * amenities, status, type, size_sqft?, images?}`: a new unit of a kind of stay, its id the name's
 * slug (409 if taken). 201 with the cottage as the admin list shows it.
 */
export const handler = createCatalogueRoute('create-cottage', cottageInputSchema, cottageKind, cottageCreate);
