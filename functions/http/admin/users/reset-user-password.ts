import { resetPasswordSchema } from '../../../../shared/admin-users.ts';
import { fields, idField } from '../../../../shared/validation.ts';
import { forgetAccount } from '../../../lib/account-state.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { setUserPassword } from '../../../lib/db/user-admin.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { userIdOf, userNotFound, userSubject } from './user-rules.ts';

/**
 * POST /api/admin/users/{id}/reset-password (admin) `{password}`: the admin sets a new password (at
 * least 8 characters) and tells the user; it is stored hashed only and never answered. Every
 * session of the account ends (its token version moves on in the same write).
 */
export const handler = httpRoute(
  'reset-user-password',
  { params: fields({ id: idField('id') }), body: resetPasswordSchema },
  async ({ params, body, principal }) => {
    const id = userIdOf(params.id);
    const passwordHash = await hashPassword(body.password);
    const user = await setUserPassword(id, passwordHash, (changed) =>
      auditWrite({ actor: principal, action: 'user.reset-password', subject: userSubject(changed), note: 'Password reset by an administrator' }),
    );
    if (!user) throw userNotFound();
    forgetAccount(id);
    return user;
  },
);
