import { fields, idField } from '../../../shared/validation.ts';
import { deleteSafari } from '../../lib/catalogue/safari-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** DELETE /api/safaris/admin/{id} (manager): refused (409) while seats are sold on a coming day. */
export const handler = httpRoute('delete-safari', { params: fields({ id: idField('id') }) }, async ({ params, principal }) =>
  deleteSafari(params.id, principal),
);
