import * as z from 'zod/mini';
import { idField, maxLength } from './validation.ts';

/* Calendar sync with the booking channels (docs/product.md#calendar-sync). */

/** How far ahead a channel's stays claim nights (and a removed channel's are freed). */
export const SYNC_DAYS_AHEAD = 365;
export const CHANNEL_NAME_MAX = 60;
export const CHANNEL_URL_MAX = 2000;

export const channelMessages = {
  name: 'Name the channel, like Booking.com',
  url: "Paste the channel's calendar address (https://...)",
  https: 'The calendar address must start with https://',
  unitNotFound: 'Cottage not found',
  notFound: 'Channel not found',
  exists: 'This unit imports that calendar already',
} as const;

/** POST /api/admin/channels: a channel's calendar feed that one unit imports. Whether the address may be fetched is checked at the server (stage rules). */
export const channelRequestSchema = z.object({
  cottageId: idField('cottageId'),
  name: z.string(channelMessages.name).check(z.trim(), z.minLength(1, channelMessages.name), maxLength(CHANNEL_NAME_MAX)),
  url: z.string(channelMessages.url).check(
    z.trim(),
    maxLength(CHANNEL_URL_MAX),
    z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), channelMessages.url),
  ),
});

export type ChannelRequest = z.infer<typeof channelRequestSchema>;

/** A direct booking or a block that an imported event overlaps: the event's nights are not taken, and staff are told. */
export type ChannelConflict = {
  uid: string;
  nights: string[];
  with: { kind: 'booking'; bookingId: string; bookingReference: string } | { kind: 'block'; blockId: string } | { kind: 'channel'; channelId: string };
};

export type SyncResult = { imported: number; updated: number; removed: number; conflicts: ChannelConflict[]; notModified?: true };

/** A channel's feed as the API answers it (the address shown only to managers: it is the channel's secret). */
export type ChannelImport = {
  id: string;
  cottageId: string;
  name: string;
  url: string;
  createdAt: string;
  lastSyncAt?: string;
  lastSuccessAt?: string;
  lastError?: string;
  lastErrorAt?: string;
  stays: number;
  conflicts: ChannelConflict[];
};
