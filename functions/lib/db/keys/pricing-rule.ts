import type { Keys, Gsi1Keys } from '../keys.ts';

export const item = (id: string): Keys => ({ pk: `PRICING#${id}`, sk: 'PRICING' });

export const listing = (id: string): Gsi1Keys => ({ gsi1pk: 'PRICING_RULES', gsi1sk: id });

export const listPartition = 'PRICING_RULES';
