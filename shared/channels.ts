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

/** POST /api/admin/channels: a channel's calendar feed that one unit imports (its schema: the route's). */
export type ChannelRequest = { cottageId: string; name: string; url: string };

/** A direct booking or a block that an imported event overlaps: the event's nights are not taken, and staff are told. */
export type ChannelConflict = {
  uid: string;
  nights: string[];
  with: { kind: 'booking'; bookingId: string; bookingReference: string } | { kind: 'block'; blockId: string } | { kind: 'channel'; channelId: string };
};

/** What holds a conflict's nights, as staff read it: `booking VM…`, `a block` or `another channel`. */
export const conflictHolder = (met: ChannelConflict['with']): string =>
  met.kind === 'booking' ? `booking ${met.bookingReference}` : met.kind === 'block' ? 'a block' : 'another channel';

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

/** A unit's row of GET /api/admin/channels: its own feed for the channels to import, and the channels' feeds it imports. */
export type UnitChannels = {
  cottageId: string;
  cottageName: string;
  cottageType: string;
  status: string;
  exportUrl: string;
  imports: ChannelImport[];
};
