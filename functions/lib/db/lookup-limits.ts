import * as lookupLimitKeys from './keys/lookup-limit.ts';
import { countInWindow, type Allowance } from './window-counter.ts';

/** Manage-booking lookups one client address may make per minute window. */
export const MAX_LOOKUPS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

export type LookupAllowance = Allowance;

/** Counts one booking lookup by `clientAddress` in the current minute (functions/lib/db/window-counter.ts). */
export const countLookup = (clientAddress: string, now: number): Promise<LookupAllowance> =>
  countInWindow({
    key: (windowStart) => lookupLimitKeys.window(clientAddress, windowStart),
    entity: 'lookup-limit',
    counter: 'lookups',
    limit: MAX_LOOKUPS_PER_MINUTE,
    windowMs: WINDOW_MS,
    now,
  });
