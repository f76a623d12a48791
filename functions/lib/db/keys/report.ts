import type { Keys } from '../keys.ts';

/** Per-day counters that move with each booking's state, so a report reads one item per day. */
export const day = (date: string): Keys => ({ pk: `REPORT#${date.slice(0, 4)}`, sk: `DAY#${date}` });

export const yearPartition = (year: string): string => `REPORT#${year}`;

export const dayPrefix = 'DAY#';
