import { packageInputSchema } from '../../../shared/admin-catalogue-packages.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { updatePackage } from '../../lib/catalogue/package-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** PUT /api/packages/admin/{id} (manager), the create body; fields it leaves out keep their value. */
export const handler = httpRoute('update-package', { params: fields({ id: idField('id') }), body: packageInputSchema }, async ({ params, body, principal }) =>
  updatePackage(params.id, body, principal),
);
