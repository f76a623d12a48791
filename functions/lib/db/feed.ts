import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { type Audience } from './keys.ts';
import * as feedKeys from './keys/feed.ts';
import { queryPage } from './query.ts';

export type FeedEntry = { id: string; audience: Audience; event: string; data: Record<string, unknown>; at: string };

/** The bell's history looks back at most this far (entries expire after 30 days). */
export const FEED_LOOKBACK_MS = 30 * 86_400_000;

/** A feed entry's key is its stream record's id and time, so writing it again on a retry changes nothing. */
export async function putFeedEntry(entry: FeedEntry): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...feedKeys.entry(entry.audience, entry.at, entry.id),
        entity: 'feed',
        ...entry,
        expiresAt: Math.floor(Date.parse(entry.at) / 1000) + FEED_LOOKBACK_MS / 1000,
      },
    }),
  );
}

/**
 * One audience's feed entries after `since` (an ISO time), oldest first, at most `limit`: the
 * polling fallback asks again with the last entry's time. Entries are written by the stream
 * consumer (functions/streams/table-events.ts) under `FEED#audience`, sorted by `at#id`.
 */
export async function feedSince(audience: Audience, since: string, limit: number): Promise<{ entries: FeedEntry[]; more: boolean }> {
  // Sort keys are `at#id`: from `since#` on keeps the entries of the very millisecond `since` names
  // (one may have landed after the client's last look); the client drops those it has by their ids.
  const page = await queryPage({
    index: 'table',
    partition: feedKeys.partition(audience),
    sortKey: { between: [`${since}#`, '9999'] },
    forward: true,
    limit,
  });
  const entries = page.items.map((item) => ({
    id: String(item.id),
    audience,
    event: String(item.event),
    data: (item.data ?? {}) as Record<string, unknown>,
    at: String(item.at),
  }));
  return { entries, more: page.cursor !== undefined };
}
