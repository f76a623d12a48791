import * as z from 'zod/mini';
import { removeChannel } from '../../../lib/channels/channel-admin.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const CHANNEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** DELETE /api/admin/channels/{id} (manager): stops importing the feed; the nights of its stays are free at once. */
export const handler = httpRoute(
  'delete-channel',
  { params: z.object({ id: z.string().check(z.regex(CHANNEL_ID, 'That is not a channel id')) }) },
  async ({ params, principal }) => ({ ...(await removeChannel(params.id, principal)), deleted: true }),
);
