import { channelRequestSchema } from '../../../../shared/channels.ts';
import { addChannel } from '../../../lib/channels/channel-admin.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** POST /api/admin/channels (manager) `{cottageId, name, url}`: a channel's calendar for one unit to import. */
export const handler = httpRoute('create-channel', { body: channelRequestSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await addChannel(body, principal),
}));
