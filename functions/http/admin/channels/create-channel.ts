import * as z from 'zod/mini';
import { CHANNEL_NAME_MAX, CHANNEL_URL_MAX, channelMessages, type ChannelRequest } from '../../../../shared/channels.ts';
import { idField, maxLength } from '../../../../shared/validation.ts';
import { addChannel } from '../../../lib/channels/channel-admin.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * The request (shared/channels.ts ChannelRequest), built only here. Whether the address may be
 * fetched is checked by the domain (the stage's rules: functions/lib/channels/feed-fetch.ts).
 */
const channelRequestSchema = z.object({
  cottageId: idField('cottageId'),
  name: z.string(channelMessages.name).check(z.trim(), z.minLength(1, channelMessages.name), maxLength(CHANNEL_NAME_MAX)),
  url: z.string(channelMessages.url).check(
    z.trim(),
    maxLength(CHANNEL_URL_MAX),
    z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), channelMessages.url),
  ),
}) satisfies z.core.$ZodType<ChannelRequest>;

/** POST /api/admin/channels (manager) `{cottageId, name, url}`: a channel's calendar for one unit to import. */
export const handler = httpRoute('create-channel', { body: channelRequestSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await addChannel(body, principal),
}));
