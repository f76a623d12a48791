import { fields, idField } from '../../../shared/validation.ts';
import { deletePackage } from '../../lib/catalogue/package-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** DELETE /api/packages/admin/{id} (manager): refused (409) while upcoming bookings carry the package. */
export const handler = httpRoute('delete-package', { params: fields({ id: idField('id') }) }, async ({ params, principal }) =>
  deletePackage(params.id, principal),
);
