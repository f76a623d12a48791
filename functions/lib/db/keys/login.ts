import type { Keys } from '../keys.ts';
import { normaliseEmail } from './user.ts';

/**
 * Sign-in throttling (functions/lib/db/login-attempts.ts): failures counted per account and client
 * address together (a stranger's guesses never lock the owner out on their own address), per
 * address over all accounts, and per account over all addresses; an address that signed in to the
 * account before is known to it. All of one account's rows share its partition, so lifting a
 * lockout is one query.
 */
export const accountPartition = (email: string): string => `LOGIN#${normaliseEmail(email)}`;

export const fromAddress = (email: string, address: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: `FROM#${address}` });

export const account = (email: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: 'ACCOUNT' });

export const knownAddress = (email: string, address: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: `KNOWN#${address}` });

/** An unknown address's next turn while the account is over its window. */
export const slowLane = (email: string, address: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: `SLOW#${address}` });

export const address = (address: string): Keys => ({ pk: `LOGINFROM#${address}`, sk: 'ADDRESS' });
