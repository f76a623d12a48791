import type { Keys } from '../keys.ts';

/**
 * One guest sign-up (functions/lib/accounts.ts): what the stream consumer turns into its e-mail (the
 * activation link, or a note to the owner of a taken address) and, for a new or unverified account,
 * the credentials its link activates. Kept until its link expires (TTL).
 */
export const attempt = (id: string): Keys => ({ pk: `SIGNUP#${id}`, sk: 'SIGNUP' });

/** Sign-ups from one client address in one hour window (TTL'd): their own prefix, apart from login counters. */
export const limit = (clientAddress: string, at: string): Keys => ({ pk: `SIGNUPLIMIT#${clientAddress}`, sk: `HOUR#${at.slice(0, 13)}` });
