import type { Keys } from '../keys.ts';

/**
 * Every pricing rule lives in one table partition, so every quote reads them all with one strongly
 * consistent Query: a rule saved in the portal applies to the very next quote (an index would lag
 * its write by up to about a second). The rules are few and small; the partition is read-mostly.
 */
export const listPartition = 'PRICING_RULES';

export const item = (id: string): Keys => ({ pk: listPartition, sk: `RULE#${id}` });

/** Sort-key prefix of every rule in the partition. */
export const rulePrefix = 'RULE#';

/** Where rules were kept before (their own partition each, listed on gsi1): local data written then is moved on start. */
export const legacyItem = (id: string): Keys => ({ pk: `PRICING#${id}`, sk: 'PRICING' });
