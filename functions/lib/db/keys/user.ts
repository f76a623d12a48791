import type { Keys, Gsi1Keys } from '../keys.ts';

/** E-mail addresses are unique case-insensitively. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const item = (id: string): Keys => ({ pk: `USER#${id}`, sk: 'USER' });

export const email = (email: string): Keys => ({ pk: `EMAIL#${normaliseEmail(email)}`, sk: 'EMAIL' });

export const listing = (createdAt: string, id: string): Gsi1Keys => ({ gsi1pk: 'USERS', gsi1sk: `${createdAt}#${id}` });

export const listPartition = 'USERS';

/** The Users tab's counts and the active-admin count the last-admin rule is checked against, moved in each user write's transaction. */
export const counts = { pk: 'USERSTATS', sk: 'USERSTATS' } as Keys;
