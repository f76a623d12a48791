import { updateUserSchema } from '../../../../shared/admin-users.ts';
import type { PublicUser } from '../../../../shared/users.ts';
import { fields, idField } from '../../../../shared/validation.ts';
import { forgetAccount } from '../../../lib/account-state.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { updateUser } from '../../../lib/db/user-admin.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';
import { asHttpError, refuseSelfRemoval, userIdOf, userNotFound, userSubject } from './user-rules.ts';

/** What the audit log calls a change: a suspension or an activation first, then a role change. */
function actionOf(before: PublicUser, after: PublicUser): string {
  if (before.status !== after.status && after.status === 'suspended') return 'user.suspend';
  if (before.status !== after.status && after.status === 'active') return 'user.activate';
  if (before.role !== after.role) return 'user.role';
  return 'user.update';
}

/**
 * PUT /api/admin/users/{id} (admin) `{name?, phone?, department?, role?, status?}`: suspending and
 * activating are status changes. A role change or any status but active ends the user's sessions
 * (their token version moves on in the same write). The last active admin cannot be demoted or
 * suspended (409), even by two admins at once; nor can an admin demote or suspend themselves.
 */
export const handler = httpRoute('update-user', { params: fields({ id: idField('id') }), body: updateUserSchema }, async ({ params, body, principal }) => {
  const id = userIdOf(params.id);
  let result;
  try {
    result = await updateUser(
      id,
      body,
      (before, after) => auditWrite({ actor: principal, action: actionOf(before, after), subject: userSubject(after), before, after }),
      (before, after) => refuseSelfRemoval(principal, before, after),
    );
  } catch (error) {
    throw asHttpError(error);
  }
  if (!result) throw userNotFound();
  forgetAccount(id);
  return result.after;
});
