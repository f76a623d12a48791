import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import * as lookupLimitKeys from './keys/lookup-limit.ts';

/** Manage-booking lookups one client address may make per minute window. */
export const MAX_LOOKUPS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** Counters outlive their window by this much before TTL may delete them (the key names the minute anyway). */
const KEEP_AFTER_WINDOW_SECONDS = 60;

export type LookupAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one booking lookup by `clientAddress` in the current minute (a fixed window: the counter
 * item names the minute), with one conditional UpdateItem: ADD while the count is under the limit.
 * Past the limit the condition fails, nothing is written, and the caller is told how many seconds
 * are left until the next window.
 */
export async function countLookup(clientAddress: string, now: number): Promise<LookupAllowance> {
  const windowStart = now - (now % WINDOW_MS);
  const windowEnd = windowStart + WINDOW_MS;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: lookupLimitKeys.window(clientAddress, new Date(windowStart).toISOString()),
        UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD lookups :one',
        ConditionExpression: 'attribute_not_exists(lookups) OR lookups < :limit',
        ExpressionAttributeValues: {
          ':entity': 'lookup-limit',
          ':expires': Math.floor(windowEnd / 1000) + KEEP_AFTER_WINDOW_SECONDS,
          ':one': 1,
          ':limit': MAX_LOOKUPS_PER_MINUTE,
        },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }
}
