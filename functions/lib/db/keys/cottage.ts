import type { Keys, Gsi1Keys } from '../keys.ts';

export const item = (id: string): Keys => ({ pk: `COTTAGE#${id}`, sk: 'COTTAGE' });

export const listing = (type: string, id: string): Gsi1Keys => ({ gsi1pk: 'COTTAGES', gsi1sk: `TYPE#${type}#${id}` });

export const listPartition = 'COTTAGES';

export const typePrefix = (type: string): string => `TYPE#${type}#`;

export const night = (id: string, date: string): Keys => ({ pk: `COTTAGE#${id}`, sk: `NIGHT#${date}` });

/** A unit's calendar feed settings (the version its export token is derived from). */
export const calendarFeed = (id: string): Keys => ({ pk: `COTTAGE#${id}`, sk: 'ICAL' });
