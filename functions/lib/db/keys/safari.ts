import type { Keys, Gsi1Keys } from '../keys.ts';

export const item = (id: string): Keys => ({ pk: `SAFARI#${id}`, sk: 'SAFARI' });

export const listing = (id: string): Gsi1Keys => ({ gsi1pk: 'SAFARIS', gsi1sk: id });

export const listPartition = 'SAFARIS';

export const seats = (id: string, date: string, slot: string): Keys => ({ pk: `SAFARI#${id}`, sk: `SEATS#${date}#${slot}` });

/** Sort-key bounds of every seat counter from `from` to `to` (dates), any slot. */
export const seatsBetween = (from: string, to: string): { from: string; to: string } => ({ from: `SEATS#${from}`, to: `SEATS#${to}~` });
