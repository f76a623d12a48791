import type { ChannelConflict, ChannelImport } from '../../../shared/channels.ts';
import { tableName } from './client.ts';
import * as channelKeys from './keys/channel.ts';
import { getItem, queryAll, updateExpression, withoutStorageAttributes } from './query.ts';

/**
 * A channel's calendar feed that one unit imports (`CHANNEL#id`), with what its last fetch left:
 * the validators for the next conditional request, the events it holds nights for (uid -> nights),
 * the conflicts it reported, and when it last worked or failed.
 */
export type StoredChannel = {
  id: string;
  cottage_id: string;
  cottage_type: string;
  name: string;
  url: string;
  created_at: string;
  created_by: { id: string; name: string };
  etag?: string;
  last_modified?: string;
  last_sync_at?: string;
  last_success_at?: string;
  last_error?: string;
  last_error_at?: string;
  /** The events whose nights this channel holds: uid -> its nights, as last synced. */
  events?: Record<string, string[]>;
  conflicts?: ChannelConflict[];
};

const itemOf = (channel: StoredChannel) => ({
  ...channelKeys.item(channel.id),
  ...channelKeys.listing(channel.cottage_id, channel.id),
  entity: 'channel',
  ...channel,
});

export function createChannelWrite(channel: StoredChannel) {
  return { Put: { TableName: tableName, Item: itemOf(channel), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export function deleteChannelWrite(id: string) {
  return { Delete: { TableName: tableName, Key: channelKeys.item(id), ConditionExpression: 'attribute_exists(pk)' } };
}

export async function getChannel(id: string): Promise<StoredChannel | undefined> {
  const item = await getItem(channelKeys.item(id), true);
  return item ? (withoutStorageAttributes(item) as StoredChannel) : undefined;
}

/** Every channel feed, by unit. */
export async function listChannels(): Promise<StoredChannel[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': channelKeys.listPartition } });
  return items.map((item) => withoutStorageAttributes(item) as StoredChannel);
}

/** What one sync leaves on the channel, if it still exists (removed meanwhile: nothing to record). */
export function recordSyncWrite(id: string, changes: Partial<Omit<StoredChannel, 'id' | 'cottage_id' | 'url' | 'name' | 'created_at' | 'created_by'>>) {
  return {
    Update: {
      TableName: tableName,
      Key: channelKeys.item(id),
      ...updateExpression(changes, { expression: 'attribute_exists(pk)' }),
    },
  };
}

/** The API's shape of a stored channel. */
export const toChannelImport = (channel: StoredChannel): ChannelImport => ({
  id: channel.id,
  cottageId: channel.cottage_id,
  name: channel.name,
  url: channel.url,
  createdAt: channel.created_at,
  ...(channel.last_sync_at ? { lastSyncAt: channel.last_sync_at } : {}),
  ...(channel.last_success_at ? { lastSuccessAt: channel.last_success_at } : {}),
  ...(channel.last_error ? { lastError: channel.last_error } : {}),
  ...(channel.last_error_at ? { lastErrorAt: channel.last_error_at } : {}),
  stays: Object.keys(channel.events ?? {}).length,
  conflicts: channel.conflicts ?? [],
});
