import type { Keys, Gsi1Keys } from '../keys.ts';

/** A date block: nights of one unit that staff took off sale (its nights are `COTTAGE#id` / `NIGHT#date` items). */
export const item = (id: string): Keys => ({ pk: `BLOCK#${id}`, sk: 'BLOCK' });

/** All blocks by check-out, so blocks still running on a date are those sorted after it. */
export const listing = (checkOut: string, id: string): Gsi1Keys => ({ gsi1pk: listPartition, gsi1sk: `${checkOut}#${id}` });

export const listPartition = 'BLOCKS';
