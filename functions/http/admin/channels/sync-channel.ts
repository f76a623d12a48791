import * as z from 'zod/mini';
import { syncThroughWorker } from '../../../lib/channels/sync-worker.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const CHANNEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * POST /api/admin/channels/{id}/sync (manager): syncs the feed now, in the sync job's function, and
 * answers `{imported, updated, removed, conflicts}`; 502 with the reason when the channel's calendar
 * cannot be fetched or read, 429 within a minute of the last sync.
 */
export const handler = httpRoute(
  'sync-channel',
  { params: z.object({ id: z.string().check(z.regex(CHANNEL_ID, 'That is not a channel id')) }) },
  async ({ params }) => syncThroughWorker(params.id),
);
