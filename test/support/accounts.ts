import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { signAccessToken } from '../../functions/lib/auth.ts';
import { createUser } from '../../functions/lib/db/users.ts';
import type { UserRole } from '../../shared/users.ts';

/**
 * A real account of the given role in this test file's table, and a bearer token for it: a token is
 * only as good as its account (functions/lib/account-state.ts), so tests sign in as someone real.
 * The password hash is a placeholder nobody can sign in with (these accounts only call with tokens).
 */
export async function accountWithToken(
  role: UserRole,
  name = `Test ${role}`,
): Promise<{ userId: string; email: string; token: string; authorization: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@test.resort.in`;
  const user = await createUser({ name, email, role, passwordHash: 'not-a-usable-hash' });
  const token = await signAccessToken({ userId: user.id, role, name, email: user.email });
  return { userId: user.id, email: user.email, token, authorization: `Bearer ${token}` };
}

/**
 * A stored hash of `password` in our own `scrypt$N$r$p$salt$key` format with a small N: verifying
 * it is quick. For tests that sign in many times (the lockout's scores of attempts), where the
 * rules under test are the counters, not the hash's cost.
 */
export function quickPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}
