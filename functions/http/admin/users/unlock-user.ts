import { fields, idField } from '../../../../shared/validation.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { liftLockouts } from '../../../lib/db/login-attempts.ts';
import { getUser } from '../../../lib/db/users.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';
import { userIdOf, userNotFound, userSubject } from './user-rules.ts';

/**
 * POST /api/admin/users/{id}/unlock (admin): lifts every sign-in lockout of the account (its
 * per-address counters and its over-all counter), with the audit entry. Addresses it signed in
 * from stay known. Answers the user and how many counters were cleared.
 */
export const handler = httpRoute('unlock-user', { params: fields({ id: idField('id') }) }, async ({ params, principal }) => {
  const user = await getUser(userIdOf(params.id));
  if (!user) throw userNotFound();
  const cleared = await liftLockouts(user.email, (lifted) =>
    auditWrite({
      actor: principal,
      action: 'user.unlock',
      subject: userSubject(user),
      note: lifted ? `Sign-in lockouts lifted (${lifted} counter${lifted === 1 ? '' : 's'})` : 'No sign-in lockout to lift',
    }),
  );
  return { user, cleared };
});
