import { addActivity } from './db/activity.ts';
import { log } from './logger.ts';

/** At most one write per container in this window, however many guests check. */
export const ACTIVITY_SAMPLE_MS = 10_000;

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
  try {
    await addActivity(kind, entry.latest, entry.checks, now);
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
