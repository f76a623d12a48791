import type { Keys } from '../keys.ts';

/** Open pay-at-property bookings (unconfirmed) per e-mail, phone and client address: the set of their ids. */
/** `owner`: `email#…`, `phone#…` or `address#…`. */
export const of = (owner: string): Keys => ({ pk: `OPENHOLDS#${owner}`, sk: 'OPENHOLDS' });
