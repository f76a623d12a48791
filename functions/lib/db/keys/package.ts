import type { Keys, Gsi1Keys } from '../keys.ts';

export const item = (id: string): Keys => ({ pk: `PACKAGE#${id}`, sk: 'PACKAGE' });

export const listing = (id: string): Gsi1Keys => ({ gsi1pk: 'PACKAGES', gsi1sk: id });

export const listPartition = 'PACKAGES';
