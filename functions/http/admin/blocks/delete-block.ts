import * as z from 'zod/mini';
import { removeBlock } from '../../../lib/inventory/date-blocks.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const BLOCK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** DELETE /api/admin/blocks/{id} (manager): frees the block's nights at once, with its audit entry. */
export const handler = httpRoute(
  'delete-block',
  { params: z.object({ id: z.string().check(z.regex(BLOCK_ID, 'That is not a block id')) }) },
  async ({ params, principal }) => ({ ...(await removeBlock(params.id, principal)), deleted: true }),
);
