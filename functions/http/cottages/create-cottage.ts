import { cottageInputSchema } from '../../../shared/admin-catalogue-cottages.ts';
import { createCottage } from '../../lib/catalogue/cottage-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/**
 * POST /api/cottages/admin/create (manager) `{name, description, price_per_night, capacity,
 * amenities, status, type, size_sqft?, images?}`: a new unit of a villa type, its id the name's
 * slug (409 if taken). 201 with the cottage as the admin list shows it.
 */
export const handler = httpRoute('create-cottage', { body: cottageInputSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await createCottage(body, principal),
}));
