import { safariInputSchema } from '../../../shared/admin-catalogue-safaris.ts';
import { safariCreate, safariKind } from '../../lib/catalogue/safari-admin.ts';
import { createCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/**
 * POST /api/safaris/admin (manager) with the portal's safari `{name, description, type, duration,
 * price, max_guests, start_time, end_time, meeting_point, includes, exclusions?, status}`. 201.
 */
export const handler = createCatalogueRoute('create-safari', safariInputSchema, safariKind, safariCreate);
