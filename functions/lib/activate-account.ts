import { activationSignupId } from './account-activation.ts';
import type { SignedIn } from './accounts.ts';
import { signAccessToken } from './auth.ts';
import { getActivation, signupUsed } from './db/signups.ts';
import { activateUser } from './db/user-activation.ts';
import { recordSignIn } from './db/users.ts';
import { ExpiredError, InvalidInputError } from './domain-errors.ts';

const invalidLink = () =>
  new InvalidInputError(
    'This activation link is not valid or has already been used. If you activated your account, sign in; if not, register again with the same e-mail for a new link.',
    { extra: { code: 'activation_invalid' } },
  );
const expiredLink = () =>
  new ExpiredError('This activation link has expired. Register again with the same e-mail address and we will send you a new one.', {
    extra: { code: 'activation_expired' },
  });

/**
 * Opens an activation link (POST /api/auth/activate): the account becomes active with the details of
 * the sign-up the link was sent for, the link is used up, and the guest is signed in (the answer of
 * a sign-in). 400 for a link that is not valid or was used, 410 once it has expired. Its own module,
 * so the route's bundle carries no sign-in or sign-up code.
 */
export async function activate(token: string, options: { now?: number } = {}): Promise<SignedIn> {
  const now = options.now ?? Date.now();
  const signupId = await activationSignupId(token);
  const signup = signupId ? await getActivation(signupId) : undefined;
  if (!signup) throw invalidLink();
  if (Date.parse(signup.activation_expires_at) <= now) throw expiredLink();
  const user = await activateUser(signup.userId, { name: signup.name, phone: signup.phone, passwordHash: signup.passwordHash }, signupUsed(signup.id));
  if (!user) throw invalidLink();
  await recordSignIn(user.id, new Date(now).toISOString());
  const { id, name, email, role, tokenVersion } = user;
  return { token: await signAccessToken({ userId: id, role, name, email, tokenVersion }), user: { id, name, email, role } };
}
