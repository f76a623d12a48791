import { safariInputSchema } from '../../../shared/admin-catalogue-safaris.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { updateSafari } from '../../lib/catalogue/safari-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** PUT /api/safaris/admin/{id} (manager), the create body. */
export const handler = httpRoute('update-safari', { params: fields({ id: idField('id') }), body: safariInputSchema }, async ({ params, body, principal }) =>
  updateSafari(params.id, body, principal),
);
