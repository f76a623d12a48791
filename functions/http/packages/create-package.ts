import { packageInputSchema } from '../../../shared/admin-catalogue-packages.ts';
import { createPackage } from '../../lib/catalogue/package-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/**
 * POST /api/packages/admin (manager) `{name, type, description, price_multiplier, includes_safari,
 * max_safaris, is_active}` (flags 0/1 or booleans), optionally with duration, guests, includes,
 * exclusions and status: what is missing is derived (shared/admin-catalogue-packages.ts). 201.
 */
export const handler = httpRoute('create-package', { body: packageInputSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await createPackage(body, principal),
}));
