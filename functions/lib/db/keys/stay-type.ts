import type { Keys, Gsi1Keys } from '../keys.ts';

/** A kind of stay (villa type); its units are cottages (keys/cottage.ts), listed under its id. */
export const item = (id: string): Keys => ({ pk: `STAYTYPE#${id}`, sk: 'STAYTYPE' });

export const listing = (id: string): Gsi1Keys => ({ gsi1pk: 'STAYTYPES', gsi1sk: id });

export const listPartition = 'STAYTYPES';
