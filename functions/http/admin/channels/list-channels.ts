import { listUnitChannels } from '../../../lib/channels/channel-list.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** GET /api/admin/channels (manager): each unit with its calendar feed's `exportUrl` and the channels' feeds it imports. */
export const handler = httpRoute('list-channels', {}, async () => ({ units: await listUnitChannels() }));
