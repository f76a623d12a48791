import { fields, idField } from '../../../../shared/validation.ts';
import { rotateExportToken } from '../../../lib/channels/channel-list.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** POST /api/admin/channels/feeds/{cottageId}/rotate (manager): a new feed address for the unit; the old one stops working at once. */
export const handler = httpRoute('rotate-ical-feed', { params: fields({ cottageId: idField('cottageId') }) }, async ({ params, principal }) =>
  rotateExportToken(params.cottageId, principal),
);
