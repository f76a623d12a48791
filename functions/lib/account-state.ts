import type { UserRole } from '../../shared/users.ts';
import type { Principal } from './auth.ts';
import { readAccountStanding } from './db/user-standing.ts';

/**
 * How long a container trusts what it last read of an account. A suspension, a role or password
 * change or a deletion reaches every container within this; the container that made the change
 * forgets its copy at once (`forgetAccount`). Only signed-in requests read it: public routes never
 * look at a token, so they add no read.
 */
export const ACCOUNT_CACHE_MS = 5_000;
const MAX_CACHED = 2_000;

type AccountState = { role: UserRole; status: string; tokenVersion: number } | undefined;

const cache = new Map<string, { readAt: number; state: Promise<AccountState> }>();

function accountState(userId: string, now: number): Promise<AccountState> {
  const cached = cache.get(userId);
  if (cached && now - cached.readAt < ACCOUNT_CACHE_MS) return cached.state;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  const state = readAccountStanding(userId);
  // A failed read is not remembered: the next request asks again.
  state.catch(() => cache.delete(userId));
  cache.set(userId, { readAt: now, state });
  return state;
}

/**
 * Whether a verified token's account still stands behind it: the account exists, is active, has
 * the token's role, and has not moved to a newer token version (suspension, role or password
 * change) since the token was signed.
 */
export async function accountAllows(principal: Principal, now = Date.now()): Promise<boolean> {
  const state = await accountState(principal.userId, now);
  return state !== undefined && state.status === 'active' && state.role === principal.role && state.tokenVersion === (principal.tokenVersion ?? 0);
}

/** After changing an account: this container reads it afresh on its next request. */
export function forgetAccount(userId: string): void {
  cache.delete(userId);
}
