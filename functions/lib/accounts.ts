import * as v from 'valibot';
import { tooLongMessage } from '../../shared/text.ts';
import { accountNameSchema } from '../../shared/user-schemas.ts';
import { portalRoles, tenDigitPhoneSchema, type PublicUser } from '../../shared/users.ts';
import { email, fields } from '../../shared/validation.ts';
import { signAccessToken } from './auth.ts';
import { clearLoginAttempts, countLoginAttempt, MAX_FAILED_LOGINS } from './db/login-attempts.ts';
import { createUser, EmailTakenError, findUserByEmail, setUserCredentials } from './db/users.ts';
import { conflict, forbidden, tooManyRequests, unauthorized } from './http/errors.ts';
import { hashPassword, isUsablePasswordHash, verifyPassword } from './passwords.ts';

export const credentialsSchema = fields({
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.minLength(1, 'Email is required'),
    v.maxLength(254, tooLongMessage('Email', 254)),
    email('Please enter a valid email address'),
  ),
  password: v.pipe(v.string('Password is required'), v.minLength(1, 'Password is required'), v.maxLength(200, tooLongMessage('Password', 200))),
});

export const registrationSchema = fields({
  ...credentialsSchema.entries,
  name: accountNameSchema,
  password: v.pipe(
    v.string('Password is required'),
    v.minLength(8, 'Password must be at least 8 characters'),
    v.maxLength(200, tooLongMessage('Password', 200)),
  ),
  phone: v.optional(tenDigitPhoneSchema),
});

export type SignedIn = { token: string; user: Pick<PublicUser, 'id' | 'name' | 'email' | 'role'> };

const signedIn = async (user: PublicUser, tokenVersion = 0): Promise<SignedIn> => ({
  token: await signAccessToken({ userId: user.id, role: user.role, name: user.name, email: user.email, tokenVersion }),
  user: { id: user.id, name: user.name, email: user.email, role: user.role },
});

export async function register(input: v.InferOutput<typeof registrationSchema>): Promise<SignedIn> {
  try {
    const user = await createUser({
      name: input.name,
      email: input.email,
      role: 'customer',
      passwordHash: await hashPassword(input.password),
      ...(input.phone ? { phone: input.phone } : {}),
    });
    return signedIn(user);
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(error.message, { email: [error.message] });
    throw error;
  }
}

// Verifying against a real hash when the user does not exist keeps both answers equally slow.
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword('decoy password that never matches'));

/**
 * Checks the password with throttling: after five attempts without a success, the address is
 * locked until 15 minutes after the first of them (429 with Retry-After).
 */
export async function logIn(input: v.InferOutput<typeof credentialsSchema>, options: { portal?: boolean; now?: number } = {}): Promise<SignedIn> {
  const now = options.now ?? Date.now();
  const { attempt, windowEndsAt } = await countLoginAttempt(input.email, now);
  if (attempt > MAX_FAILED_LOGINS) {
    const waitSeconds = Math.max(1, windowEndsAt - Math.floor(now / 1000));
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${Math.ceil(waitSeconds / 60)} minutes.`, waitSeconds);
  }
  const user = await findUserByEmail(input.email);
  const usable = user !== undefined && isUsablePasswordHash(user.passwordHash);
  if (user && !usable) {
    // Nobody can sign in to this account until its password is reset: worth an alarm, not a 500.
    console.error(JSON.stringify({ level: 'error', message: 'Stored password hash is corrupt: sign-in refused', userId: user.id }));
  }
  const valid = await verifyPassword(input.password, usable ? user.passwordHash : await decoyHash());
  if (!user || !usable || !valid || user.status !== 'active') throw unauthorized('Invalid email or password');
  await clearLoginAttempts(input.email);
  if (options.portal && !portalRoles.includes(user.role)) throw forbidden('This account cannot use the admin portal');
  const { passwordHash: _hash, tokenVersion, ...publicUser } = user;
  return signedIn(publicUser, tokenVersion);
}

export type AdminAccount = { email: string; password: string; name: string };

/**
 * Makes sure an admin can sign in with the given credentials: created if missing; if it
 * exists with another password or role (a password reset), its credentials are reset.
 */
export async function ensureAdmin(admin: AdminAccount): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findUserByEmail(admin.email);
  if (existing) {
    if (existing.role === 'admin' && (await verifyPassword(admin.password, existing.passwordHash))) return 'unchanged';
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
