import { packageInputSchema } from '../../../shared/admin-catalogue-packages.ts';
import { packageCreate, packageKind } from '../../lib/catalogue/package-admin.ts';
import { createCatalogueRoute } from '../../lib/http/catalogue-admin-routes.ts';

/**
 * POST /api/packages/admin (manager) `{name, type, description, price_multiplier, includes_safari,
 * max_safaris, is_active}` (flags 0/1 or booleans), optionally with duration, guests, includes,
 * exclusions and status: what is missing is derived (shared/admin-catalogue-packages.ts). 201.
 */
export const handler = createCatalogueRoute('create-package', packageInputSchema, packageKind, packageCreate);
