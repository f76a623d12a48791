import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './db/client.ts';
import * as activityKeys from './db/keys/activity.ts';
import { log } from './logger.ts';

/** At most one write per container in this window, however many guests check. */
export const ACTIVITY_SAMPLE_MS = 10_000;
const KEEP_SECONDS = 2 * 86_400;

type Pending = { checks: number; latest: Record<string, unknown> };
const pending = new Map<string, Pending>();
const lastWrite = new Map<string, number>();

/**
 * Records request-side activity that no write causes (the admin's `availability-check`) as a
 * sampled per-minute aggregate: each container adds its count and its latest example to the
 * minute's item at most once per ACTIVITY_SAMPLE_MS, and the stream consumer turns each write into
 * one admin event carrying the count. Guest traffic therefore costs at most one table write per
 * warm container every 10 seconds, instead of a write (or a connection query and a post to every
 * admin socket) per check. Checks counted after a container's last write are dropped with it:
 * this is a staff hint, not a ledger.
 */
export async function recordActivity(kind: string, example: Record<string, unknown>, now = Date.now()): Promise<void> {
  const entry = pending.get(kind) ?? { checks: 0, latest: example };
  entry.checks += 1;
  entry.latest = example;
  pending.set(kind, entry);
  if (now - (lastWrite.get(kind) ?? 0) < ACTIVITY_SAMPLE_MS) return;
  pending.delete(kind);
  lastWrite.set(kind, now);
  const at = new Date(now).toISOString();
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: activityKeys.minute(kind, at),
        UpdateExpression: 'SET entity = :entity, kind = :kind, latest = :latest, #at = :at, expiresAt = :expires ADD checks :checks',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: {
          ':entity': 'activity',
          ':kind': kind,
          ':latest': entry.latest,
          ':at': at,
          ':expires': Math.floor(now / 1000) + KEEP_SECONDS,
          ':checks': entry.checks,
        },
      }),
    );
  } catch (error) {
    // A staff hint must never fail the guest's request.
    log.error('Activity not recorded', { kind, error });
  }
}

/** For tests: forget the sampling state of this container. */
export function resetActivitySampling(): void {
  pending.clear();
  lastWrite.clear();
}
