import { fields, idField } from '../../../../shared/validation.ts';
import { forgetAccount } from '../../../lib/account-state.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { deleteUser } from '../../../lib/db/user-admin.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';
import { asHttpError, refuseSelfRemoval, userIdOf, userNotFound, userSubject } from './user-rules.ts';

/**
 * DELETE /api/admin/users/{id} (admin): the account and its e-mail claim go, with the audit entry,
 * in one transaction; its bookings stay. Its tokens stop working on their next request. Not the
 * last active admin (409), nor the admin's own account.
 */
export const handler = httpRoute('delete-user', { params: fields({ id: idField('id') }) }, async ({ params, principal }) => {
  const id = userIdOf(params.id);
  let deleted;
  try {
    deleted = await deleteUser(
      id,
      (before) => auditWrite({ actor: principal, action: 'user.delete', subject: userSubject(before), before }),
      (before) => refuseSelfRemoval(principal, before, undefined),
    );
  } catch (error) {
    throw asHttpError(error);
  }
  if (!deleted) throw userNotFound();
  forgetAccount(id);
  return { deleted: true, id };
});
