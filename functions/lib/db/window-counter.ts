import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import type { Keys } from './keys.ts';

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counters outlive their window by this much before TTL may delete them (the key names the window anyway). */
const KEEP_AFTER_WINDOW_SECONDS = 60;

/**
 * Counts one attempt in the current fixed window (the item's key names the window's start), with
 * one conditional UpdateItem: ADD while the count is under the limit. Past the limit the condition
 * fails, nothing is written, and the caller is told how many seconds are left of the window.
 */
export async function countInWindow(options: {
  key: (windowStartIso: string) => Keys;
  entity: string;
  counter: string;
  limit: number;
  windowMs: number;
  now: number;
}): Promise<Allowance> {
  const { now, windowMs } = options;
  const windowStart = now - (now % windowMs);
  const windowEnd = windowStart + windowMs;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: options.key(new Date(windowStart).toISOString()),
        UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD #counter :one',
        ConditionExpression: 'attribute_not_exists(#counter) OR #counter < :limit',
        ExpressionAttributeNames: { '#counter': options.counter },
        ExpressionAttributeValues: {
          ':entity': options.entity,
          ':expires': Math.floor(windowEnd / 1000) + KEEP_AFTER_WINDOW_SECONDS,
          ':one': 1,
          ':limit': options.limit,
        },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }
}
