import { cottageInputSchema } from '../../../shared/admin-catalogue-cottages.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { updateCottage } from '../../lib/catalogue/cottage-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** PUT /api/cottages/admin/update/{id} (manager), the create body: the unit as given (404 if it is gone). */
export const handler = httpRoute('update-cottage', { params: fields({ id: idField('id') }), body: cottageInputSchema }, async ({ params, body, principal }) =>
  updateCottage(params.id, body, principal),
);
