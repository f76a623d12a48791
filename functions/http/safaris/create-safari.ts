import { safariInputSchema } from '../../../shared/admin-catalogue-safaris.ts';
import { createSafari } from '../../lib/catalogue/safari-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/**
 * POST /api/safaris/admin (manager) with the spec's safari `{name, description, type, duration,
 * price, max_guests, start_time, end_time, meeting_point, includes, exclusions?, status}`. 201.
 */
export const handler = httpRoute('create-safari', { body: safariInputSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await createSafari(body, principal),
}));
