import type { Keys, Gsi1Keys } from '../keys.ts';

/** A channel's calendar feed that one unit imports. Its stays are the unit's night items held with `channel_id`. */
export const item = (id: string): Keys => ({ pk: `CHANNEL#${id}`, sk: 'CHANNEL' });

/** All channel feeds, by unit. */
export const listing = (cottageId: string, id: string): Gsi1Keys => ({ gsi1pk: listPartition, gsi1sk: `${cottageId}#${id}` });

export const listPartition = 'CHANNELS';
