import { stayTypeInputSchema } from '../../../../shared/admin-catalogue-stay-types.ts';
import { stayTypeCreate, stayTypeKind } from '../../../lib/catalogue/stay-type-admin.ts';
import { createCatalogueRoute } from '../../../lib/http/catalogue-admin-routes.ts';

/**
 * POST /api/admin/stay-types (manager) `{name, description, price_per_night, capacity, size_sqft?,
 * amenities, images?, status}`: a new villa type, its id the name's slug (409 if a type or unit has
 * it). Guests see it once it has an active unit (POST /api/cottages/admin/create with its `type`).
 */
export const handler = createCatalogueRoute('create-stay-type', stayTypeInputSchema, stayTypeKind, stayTypeCreate);
