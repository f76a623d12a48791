import { fields, idField } from '../../../shared/validation.ts';
import { deleteCottage } from '../../lib/catalogue/cottage-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** DELETE /api/cottages/admin/delete/{id} (manager): refused (409) while guests have upcoming bookings on the unit. */
export const handler = httpRoute('delete-cottage', { params: fields({ id: idField('id') }) }, async ({ params, principal }) =>
  deleteCottage(params.id, principal),
);
