import type { Keys } from '../keys.ts';

/** Records that a stream record's effect was done, keyed by the record's event id (stable across retries). */
export const mail = (eventId: string): Keys => ({ pk: `EFFECT#${eventId}`, sk: 'MAIL' });

export const aggregate = (eventId: string, part: number): Keys => ({ pk: `EFFECT#${eventId}`, sk: `AGGREGATE#${part}` });
