import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import * as activityKeys from './keys/activity.ts';

/** A minute's item is kept two days, then expires (TTL). */
const KEEP_SECONDS = 2 * 86_400;

/**
 * Adds `checks` to the activity of `kind` in the minute of `now`, with the latest example: one item
 * per kind and minute, which the stream consumer turns into one admin event carrying the count.
 */
export async function addActivity(kind: string, latest: Record<string, unknown>, checks: number, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: activityKeys.minute(kind, at),
      UpdateExpression: 'SET entity = :entity, kind = :kind, latest = :latest, #at = :at, expiresAt = :expires ADD checks :checks',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: {
        ':entity': 'activity',
        ':kind': kind,
        ':latest': latest,
        ':at': at,
        ':expires': Math.floor(now / 1000) + KEEP_SECONDS,
        ':checks': checks,
      },
    }),
  );
}
