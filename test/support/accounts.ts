import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { signAccessToken } from '../../functions/lib/auth.ts';
import { createUser } from '../../functions/lib/db/users.ts';
import type { UserRole } from '../../shared/users.ts';
import { readOutbox } from './outbox.ts';

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

/** The activation tokens e-mailed to `email` (the local outbox's activation links), oldest first. */
export async function activationTokens(email: string): Promise<string[]> {
  const mails = (await readOutbox()).filter((mail) => mail.to === email.toLowerCase());
  return mails.flatMap((mail) => {
    const link = /\/account\/activate\?token=([^\s"'<&]+)/.exec(mail.text);
    return link?.[1] ? [decodeURIComponent(link[1])] : [];
  });
}

/** Polls until `read` gives something (the stream consumer sends mail a moment after the answer). */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type SignedInGuest = { token: string; user: { id: string; name: string; email: string; role: string } };

/**
 * Registers through the API as a guest does (202), opens the activation link the stream consumer
 * e-mails (the outbox), and returns the sign-in the activation answers with.
 */
export async function registerAndActivate(api: string, details: { name: string; email: string; password: string; phone?: string }): Promise<SignedInGuest> {
  const before = (await activationTokens(details.email)).length;
  const registered = await fetch(`${api}/auth?action=register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(details),
  });
  if (registered.status !== 202) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const token = await eventually(async () => (await activationTokens(details.email))[before]);
  const activated = await fetch(`${api}/auth/activate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  const body = (await activated.json()) as { data?: SignedInGuest; error?: string };
  if (activated.status !== 200 || !body.data) throw new Error(`activate answered ${activated.status}: ${body.error}`);
  return body.data;
}
