import { inRoleGroup } from '../../../shared/users.ts';
import type { Principal } from '../auth.ts';
import { forbidden, unauthorized } from './errors.ts';
import { authLevelOf, type HttpEvent } from './handler.ts';

/** The bearer token of the Authorization header, if any. */
export function bearerToken(event: HttpEvent): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The account a bearer token stands for, if the token is valid and its account still stands (functions/lib/http/verify-token.ts). */
export type VerifyToken = (token: string) => Promise<Principal | undefined>;

/**
 * The route table decides who may call: optional routes let anyone in (and recognise a signed-in
 * user), user routes need a valid token (401), staff, manager and admin routes an account of that
 * role group (403). An event whose route is not in the table is treated as admin-only: fail closed.
 * A token is only as good as its account: a suspended, deleted or changed account (role, password)
 * is refused on its next request (functions/lib/account-state.ts).
 */
export async function authenticateWith(event: HttpEvent, verify: VerifyToken): Promise<Principal | undefined> {
  const level = authLevelOf(event);
  if (level === 'public') return undefined;
  const token = bearerToken(event);
  const principal = token ? await verify(token) : undefined;
  // A token that fails is a sign-in that ran out: say so, even where signing in is optional, rather
  // than quietly acting as a guest (a booking made so could not be found under the account).
  if (token && !principal) throw unauthorized('Your session has expired. Please sign in again.');
  if (level === 'optional') return principal;
  if (!principal) throw unauthorized('Please sign in to continue');
  if (level !== 'user' && !inRoleGroup(principal.role, level)) throw forbidden();
  return principal;
}
