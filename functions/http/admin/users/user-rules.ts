import { LAST_ADMIN_MESSAGE, SELF_CHANGE_MESSAGE } from '../../../../shared/admin-users.ts';
import type { PublicUser } from '../../../../shared/users.ts';
import type { Principal } from '../../../lib/auth.ts';
import { activeAdminCount, LastAdminError } from '../../../lib/db/user-counts.ts';
import { UserChangedError } from '../../../lib/db/users.ts';
import { conflict, notFound } from '../../../lib/http/errors.ts';

/** User ids are UUIDs; anything else cannot name a user (and never reaches the table as a key). */
export function userIdOf(id: string): string {
  if (!/^[\w-]{1,64}$/.test(id)) throw notFound('User not found');
  return id;
}

export const userNotFound = () => notFound('User not found');

/** The subject of a user's audit entries: named by its e-mail. */
export const userSubject = (user: PublicUser) => ({ entity: 'user', id: user.id, label: user.email });

/**
 * An admin may edit their own name, phone and department, but not suspend, demote or delete
 * themselves (another admin must): that way nobody locks themselves out by a slip. When they are
 * the last active admin, the answer is the last-admin rule's.
 */
export async function refuseSelfRemoval(principal: Principal, target: PublicUser, after: PublicUser | undefined): Promise<void> {
  if (target.id !== principal.userId) return;
  const stays = after !== undefined && after.role === target.role && (after.status === 'active' || after.status === target.status);
  if (stays) return;
  if (target.role === 'admin' && target.status === 'active' && (await activeAdminCount()) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
  throw conflict(SELF_CHANGE_MESSAGE);
}

/** The data layer's refusals as answers: the last-admin rule and a user changed meanwhile are 409s. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof LastAdminError || error instanceof UserChangedError) return conflict(error.message);
  return error;
}
