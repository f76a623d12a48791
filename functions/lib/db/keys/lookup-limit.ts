import type { Keys } from '../keys.ts';

/**
 * The manage-booking lookup's rate limit: one counter per client address per minute window (TTL'd).
 * Its own partition prefix, so the lookup's role may update counters and reach no login counter.
 */
export const window = (clientAddress: string, at: string): Keys => ({ pk: `LOOKUPLIMIT#${clientAddress}`, sk: `MINUTE#${at.slice(0, 16)}` });
