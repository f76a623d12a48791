import * as v from 'valibot';
import { packageInputSchema } from '../../../shared/admin-catalogue.ts';
import { fields } from '../../../shared/validation.ts';
import { updatePackage } from '../../lib/catalogue/package-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** PUT /api/packages/admin/{id} (manager), the create body; fields it leaves out keep their value. */
export const handler = httpRoute('update-package', { params: fields({ id: v.string() }), body: packageInputSchema }, async ({ params, body, principal }) =>
  updatePackage(params.id, body, principal),
);
