import { fields, idField } from '../../../../shared/validation.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { tableName } from '../../../lib/db/client.ts';
import { accountLockoutKeys, deleteLoginCounters } from '../../../lib/db/login-attempts.ts';
import { transact } from '../../../lib/db/transactions.ts';
import { getUser } from '../../../lib/db/users.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';
import { userIdOf, userNotFound, userSubject } from './user-rules.ts';

/** One transaction holds 100 actions: the audit entry and this many deletions. */
const IN_TRANSACTION = 99;

/**
 * POST /api/admin/users/{id}/unlock (admin): lifts every sign-in lockout of the account (its
 * per-address counters and its over-all counter), with the audit entry. Addresses it signed in
 * from stay known. Answers the user and how many counters were cleared.
 */
export const handler = httpRoute('unlock-user', { params: fields({ id: idField('id') }) }, async ({ params, principal }) => {
  const user = await getUser(userIdOf(params.id));
  if (!user) throw userNotFound();
  const keys = await accountLockoutKeys(user.email);
  await transact([
    auditWrite({
      actor: principal,
      action: 'user.unlock',
      subject: userSubject(user),
      note: keys.length ? `Sign-in lockouts lifted (${keys.length} counter${keys.length === 1 ? '' : 's'})` : 'No sign-in lockout to lift',
    }),
    ...keys.slice(0, IN_TRANSACTION).map((key) => ({ Delete: { TableName: tableName, Key: key } })),
  ]);
  await deleteLoginCounters(keys.slice(IN_TRANSACTION));
  return { user, cleared: keys.length };
});
