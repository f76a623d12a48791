import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { tooLongMessage } from '../../shared/text.ts';
import type { Language } from '../../shared/languages.ts';
import { portalRoles, type PublicUser } from '../../shared/users.ts';
import { email, maxLength, minLength } from '../../shared/validation.ts';
import { signAccessToken } from './auth.ts';
import { normaliseEmail } from './db/keys.ts';
import { countAccountAttempt, countAddressAttempt, countPairAttempt, isKnownAddress, recordSuccessfulSignIn, takeSlowLaneTurn } from './db/login-attempts.ts';
import { ACTIVATION_HOURS, countSignup, signupPut, type Signup } from './db/signups.ts';
import { transact } from './db/transactions.ts';
import { refreshPendingUser } from './db/user-activation.ts';
import { setUserCredentials } from './db/user-admin.ts';
import { createUser, EmailTakenError, findUserByEmail, recordSignIn } from './db/users.ts';
import { LimitReachedError, NotAllowedError, NotAuthenticatedError } from './domain-errors.ts';
import { hashPassword, isUsablePasswordHash, verifyPassword } from './passwords.ts';
import { logRarely } from './rare-log.ts';

export const credentialsSchema = z.object({
  email: z
    .string('Email is required')
    .check(z.trim(), minLength(1, 'Email is required'), maxLength(254, tooLongMessage('Email', 254)), email('Please enter a valid email address')),
  password: z.string('Password is required').check(minLength(1, 'Password is required'), maxLength(200, tooLongMessage('Password', 200))),
});

/** A guest's sign-up as its request gives it (the route's schema, functions/http/auth/register-or-login.ts, checks it). */
export type Registration = { email: string; password: string; name: string; phone?: string | undefined; language?: Language | undefined };

export type SignedIn = { token: string; user: Pick<PublicUser, 'id' | 'name' | 'email' | 'role'> };

const signedIn = async (user: PublicUser, tokenVersion = 0): Promise<SignedIn> => ({
  token: await signAccessToken({ userId: user.id, role: user.role, name: user.name, email: user.email, tokenVersion }),
  user: { id: user.id, name: user.name, email: user.email, role: user.role },
});

/** The answer to every sign-up, new address or taken: it tells nobody whether an address has an account. */
export const SIGNUP_MESSAGE = `Check your e-mail: we have sent you a message about your new account. Open the link in it within ${ACTIVATION_HOURS} hours to activate your account.`;

export type SignupAnswer = { message: string };

/** A right password of a sign-up not activated yet (a wrong one gets the usual 401). */
export const ACTIVATE_FIRST_MESSAGE = 'Please activate your account from the link we e-mailed you. Registering again with the same e-mail sends a new link.';

/** A wait in whole minutes, rounded up: '1 minute', '15 minutes'. */
const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/**
 * A guest's sign-up (POST /api/auth?action=register). The same answer, after the same work (the
 * password is hashed either way), whether the address is new or has an account: a new address gets
 * a pending account and an activation link; one still waiting for activation gets a new link (and
 * takes these details); a taken one gets a note to its owner, and the account is left as it was.
 * The mail is sent by the stream consumer from the sign-up's item (functions/streams/table-events.ts).
 * Limited per client address (`address`: API Gateway's sourceIp), 429 with Retry-After.
 */
export async function register(input: Registration, options: { address?: string | undefined; now?: number } = {}): Promise<SignupAnswer> {
  const now = options.now ?? Date.now();
  const allowance = await countSignup(options.address || 'unknown', now);
  if (!allowance.allowed) {
    throw new LimitReachedError(
      `Too many sign-ups from your network. Please try again in ${waitText(allowance.retryAfterSeconds)}.`,
      allowance.retryAfterSeconds,
    );
  }
  const passwordHash = await hashPassword(input.password);
  const email = normaliseEmail(input.email);
  const createdAt = new Date(now).toISOString();
  const registration = { name: input.name, passwordHash, ...(input.phone ? { phone: input.phone } : {}) };
  // The sign-up's e-mail speaks the language it was made in.
  const language = input.language ? { language: input.language } : {};
  const activation = (userId: string): Signup => ({
    id: randomUUID(),
    kind: 'activate',
    userId,
    email,
    ...registration,
    ...language,
    activation_expires_at: new Date(now + ACTIVATION_HOURS * 3_600_000).toISOString(),
    created_at: createdAt,
  });
  const answer = { message: SIGNUP_MESSAGE };
  // A few rounds: a sign-up of the same address at the same moment, or an activation, may change what it finds.
  for (let round = 0; round < 3; round += 1) {
    const existing = await findUserByEmail(email);
    if (!existing) {
      try {
        await createUser({ ...registration, email, role: 'customer', status: 'pending', awaitingActivation: true }, (user) => [signupPut(activation(user.id))]);
        return answer;
      } catch (error) {
        if (error instanceof EmailTakenError) continue;
        throw error;
      }
    }
    if (existing.status === 'pending' && existing.awaitingActivation) {
      if (await refreshPendingUser(existing.id, registration, [signupPut(activation(existing.id))])) return answer;
      continue;
    }
    await transact([
      signupPut({ id: randomUUID(), kind: 'taken', userId: existing.id, email: existing.email, name: existing.name, ...language, created_at: createdAt }),
    ]);
    return answer;
  }
  // An e-mail claim without a readable account: nothing to mail, and the guest is told what everyone is.
  await logRarely('error', 'Sign-up found an e-mail claim without its account', { email });
  return answer;
}

// Verifying against a real hash when the user does not exist keeps both answers equally slow.
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword('decoy password that never matches'));

/** The 429 of a throttled sign-in, with how long to wait (Retry-After). */
function throttled(until: number, now: number): LimitReachedError {
  const waitSeconds = Math.max(1, until - Math.floor(now / 1000));
  return new LimitReachedError(`Too many failed sign-in attempts. Please try again in ${waitText(waitSeconds)}.`, waitSeconds);
}

/**
 * Checks the password with throttling (functions/lib/db/login-attempts.ts), counted before the
 * check: per account and client address together with growing waits (so a stranger cannot lock
 * the owner out on the owner's own address), per address over all accounts, and per account over
 * all addresses except those that signed in to it before. 429 with Retry-After when throttled.
 * `address` is the client's address as API Gateway saw it (`requestContext.http.sourceIp`).
 */
export async function logIn(
  input: z.infer<typeof credentialsSchema>,
  options: { portal?: boolean; now?: number; address?: string | undefined } = {},
): Promise<SignedIn> {
  const now = options.now ?? Date.now();
  const address = options.address || 'unknown';
  const pair = await countPairAttempt(input.email, address, now);
  if (!pair.allowed) throw throttled(pair.until, now);
  const [fromAddress, toAccount] = await Promise.all([countAddressAttempt(address, now), countAccountAttempt(input.email, now)]);
  if (!fromAddress.allowed) throw throttled(fromAddress.until, now);
  if (!toAccount.allowed && !(await isKnownAddress(input.email, address, now))) {
    // An account under attack slows addresses it does not know; it never shuts them out.
    const turn = await takeSlowLaneTurn(input.email, address, now);
    if (!turn.allowed) throw throttled(turn.until, now);
  }
  const user = await findUserByEmail(input.email);
  const usable = user !== undefined && isUsablePasswordHash(user.passwordHash);
  if (user && !usable) {
    // Nobody can sign in to this account until its password is reset: worth an alarm, not a 500.
    await logRarely('error', 'Stored password hash is corrupt: sign-in refused', { userId: user.id });
  }
  const valid = await verifyPassword(input.password, usable ? user.passwordHash : await decoyHash());
  if (user && usable && valid && user.status === 'pending' && user.awaitingActivation) {
    // Only the right password learns the account waits for activation; the attempt was no guess.
    await recordSuccessfulSignIn(input.email, address, now, { address: true, account: true });
    throw new NotAllowedError(ACTIVATE_FIRST_MESSAGE);
  }
  if (!user || !usable || !valid || user.status !== 'active') throw new NotAuthenticatedError('Invalid email or password');
  await Promise.all([recordSuccessfulSignIn(input.email, address, now, { address: true, account: true }), recordSignIn(user.id, new Date(now).toISOString())]);
  if (options.portal && !portalRoles.includes(user.role)) throw new NotAllowedError('This account cannot use the admin portal');
  const { passwordHash: _hash, tokenVersion, awaitingActivation: _awaiting, ...publicUser } = user;
  return signedIn(publicUser, tokenVersion);
}

export type AdminAccount = { email: string; password: string; name: string };

/**
 * Makes sure an admin can sign in with the given credentials: created if missing; if it
 * exists with another password, role or status (a password reset), it becomes an active admin with
 * this password (the active-admin count moves with it, functions/lib/db/user-admin.ts).
 */
export async function ensureAdmin(admin: AdminAccount): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findUserByEmail(admin.email);
  if (existing) {
    if (existing.role === 'admin' && existing.status === 'active' && (await verifyPassword(admin.password, existing.passwordHash))) return 'unchanged';
    await setUserCredentials(existing.id, { passwordHash: await hashPassword(admin.password), role: 'admin' });
    return 'updated';
  }
  try {
    await createUser({ name: admin.name, email: admin.email, role: 'admin', passwordHash: await hashPassword(admin.password) });
    return 'created';
  } catch (error) {
    if (error instanceof EmailTakenError) return ensureAdmin(admin);
    throw error;
  }
}
