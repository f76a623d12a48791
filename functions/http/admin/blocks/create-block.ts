import { blockRequestSchema } from '../../../../shared/blocks.ts';
import { createBlock } from '../../../lib/inventory/date-blocks.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * POST /api/admin/blocks (manager) `{cottageId, checkIn, checkOut, reason}`: takes a unit's nights
 * off sale (check-out exclusive), with its audit entry; 409 naming the booking that holds a night.
 */
export const handler = httpRoute('create-block', { body: blockRequestSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await createBlock(body, principal),
}));
