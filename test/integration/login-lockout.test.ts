import { describe, expect, it } from 'vitest';
import { ensureAdmin, logIn } from '../../functions/lib/accounts.ts';
import { ACCOUNT_MAX_FAILURES, ADDRESS_MAX_FAILURES, lockoutOf, lockoutSeconds, PAIR_MAX_FAILURES } from '../../functions/lib/db/login-attempts.ts';
import { createUser } from '../../functions/lib/db/users.ts';
import { asHttpError } from '../../functions/lib/http/errors.ts';
import { accountWithToken, quickPasswordHash } from '../support/accounts.ts';
import { postFrom } from '../support/from-address.ts';
import { useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();

/** An account whose password checks quickly (a small scrypt N): these tests make scores of attempts. */
const register = async (email: string, password = 'monsoon-forest') => {
  await createUser({ name: 'Owner', email, role: 'customer', passwordHash: quickPasswordHash(password) });
};

/** logIn at a given address and time: the status code the client would get. */
const attempt = (email: string, password: string, address: string, now: number) =>
  logIn({ email, password }, { address, now }).then(
    () => 200,
    (error: unknown) => asHttpError(error)?.statusCode,
  );

const waitOf = (email: string, password: string, address: string, now: number) =>
  logIn({ email, password }, { address, now }).then(
    () => undefined,
    (error: unknown) => {
      const refused = asHttpError(error);
      return refused?.statusCode === 429 ? Number(refused.headers?.['retry-after']) : refused?.statusCode;
    },
  );

describe('sign-in lockout', () => {
  it('locks a stranger out of the admin account on their own address, while the owner still signs in from theirs', async () => {
    await ensureAdmin({ email: 'owner-admin@resort.in', password: 'the-real-password', name: 'Owner Admin' });
    const login = `${stack.api}/auth/admin-login`;
    for (let index = 0; index < PAIR_MAX_FAILURES; index += 1) {
      expect((await postFrom('127.0.0.2', login, { email: 'owner-admin@resort.in', password: `guess-${index}` })).status).toBe(401);
    }
    const stranger = await postFrom('127.0.0.2', login, { email: 'owner-admin@resort.in', password: 'the-real-password' });
    expect(stranger.status).toBe(429);
    expect(stranger.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(stranger.body.error).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');

    const owner = await postFrom('127.0.0.3', login, { email: 'owner-admin@resort.in', password: 'the-real-password' });
    expect(owner.status).toBe(200);
    expect(owner.body.data.user).toMatchObject({ email: 'owner-admin@resort.in', role: 'admin' });
    // The guest sign-in goes through the same rules.
    expect((await postFrom('127.0.0.2', `${stack.api}/auth?action=login`, { email: 'owner-admin@resort.in', password: 'the-real-password' })).status).toBe(429);
  });

  it('does not trust a forwarded-for header to pick the address', async () => {
    await register('spoof@example.in');
    for (let index = 0; index < PAIR_MAX_FAILURES; index += 1) {
      await postFrom('127.0.0.4', `${stack.api}/auth?action=login`, { email: 'spoof@example.in', password: `guess-${index}` });
    }
    const response = await fetch(`${stack.api}/auth?action=login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.4' },
      body: JSON.stringify({ email: 'spoof@example.in', password: 'monsoon-forest' }),
    });
    // Another connection address (127.0.0.1): the header changes nothing, so the owner gets in.
    expect(response.status).toBe(200);
  });

  it('makes each further lockout of a pair wait twice as long, up to 15 minutes, and a success starts over', async () => {
    await register('growing@example.in');
    let now = Date.now();
    const waits: Array<number | undefined> = [];
    for (let round = 0; round < 3; round += 1) {
      for (let index = 0; index < PAIR_MAX_FAILURES; index += 1) expect(await attempt('growing@example.in', 'wrong-password', '10.1.0.1', now)).toBe(401);
      const wait = await waitOf('growing@example.in', 'monsoon-forest', '10.1.0.1', now);
      waits.push(wait);
      // Still locked a second before the end, free after it.
      expect(await attempt('growing@example.in', 'monsoon-forest', '10.1.0.1', now + ((wait ?? 0) - 1) * 1000)).toBe(429);
      now += ((wait ?? 0) + 1) * 1000;
    }
    expect(waits).toEqual([60, 120, 240]);
    expect(lockoutSeconds(4)).toBe(480);
    expect([5, 6, 9].map(lockoutSeconds)).toEqual([900, 900, 900]);
    // Past the address's own 15-minute window (20 failures over all accounts), which this many failures also reached.
    now += 16 * 60_000;

    // A success clears the pair: five more failures are allowed before the next lockout, which starts at 1 minute again.
    expect(await attempt('growing@example.in', 'monsoon-forest', '10.1.0.1', now)).toBe(200);
    for (let index = 0; index < PAIR_MAX_FAILURES - 1; index += 1) expect(await attempt('growing@example.in', 'wrong-password', '10.1.0.1', now)).toBe(401);
    expect(await attempt('growing@example.in', 'monsoon-forest', '10.1.0.1', now)).toBe(200);
    for (let index = 0; index < PAIR_MAX_FAILURES; index += 1) expect(await attempt('growing@example.in', 'wrong-password', '10.1.0.1', now)).toBe(401);
    expect(await waitOf('growing@example.in', 'monsoon-forest', '10.1.0.1', now)).toBe(60);
  });

  it('stops one address guessing across many accounts', async () => {
    await register('victim-of-spray@example.in');
    const now = Date.now();
    const accounts = Array.from({ length: Math.ceil(ADDRESS_MAX_FAILURES / (PAIR_MAX_FAILURES - 1)) }, (_, index) => `spray-${index}@example.in`);
    for (const email of accounts) await register(email);
    const guesses = accounts.flatMap((email) => Array.from({ length: PAIR_MAX_FAILURES - 1 }, () => email)).slice(0, ADDRESS_MAX_FAILURES);
    const statuses = await Promise.all(guesses.map((email) => attempt(email, 'wrong-password', '10.2.0.1', now)));
    expect(statuses.every((status) => status === 401)).toBe(true);
    // The address is spent: even the right password of another account waits; the owner elsewhere gets in.
    expect(await attempt('victim-of-spray@example.in', 'monsoon-forest', '10.2.0.1', now)).toBe(429);
    expect(await attempt('victim-of-spray@example.in', 'monsoon-forest', '10.2.0.2', now)).toBe(200);
    // The window passes.
    expect(await attempt('victim-of-spray@example.in', 'monsoon-forest', '10.2.0.1', now + 16 * 60_000)).toBe(200);
  });

  it('slows many addresses guessing one account to one attempt a minute each, except an address that signed in to it before', async () => {
    await register('popular@example.in');
    const now = Date.now();
    expect(await attempt('popular@example.in', 'monsoon-forest', '10.3.9.9', now)).toBe(200);
    const addresses = Array.from({ length: Math.ceil(ACCOUNT_MAX_FAILURES / PAIR_MAX_FAILURES) }, (_, index) => `10.3.0.${index + 1}`);
    const guesses = addresses.flatMap((address) => Array.from({ length: PAIR_MAX_FAILURES }, () => address)).slice(0, ACCOUNT_MAX_FAILURES);
    const statuses = await Promise.all(guesses.map((address) => attempt('popular@example.in', 'wrong-password', address, now)));
    expect(statuses.every((status) => status === 401)).toBe(true);
    // The Users tab says so: no address locked out (each stayed within its own budget), unknown ones slowed.
    expect(await lockoutOf('popular@example.in', now)).toMatchObject({ addresses: 0, slowed: true });
    // A new address is slowed, never shut out: one attempt a minute while the account is under attack.
    expect(await attempt('popular@example.in', 'wrong-password', '10.3.8.8', now)).toBe(401);
    expect(await waitOf('popular@example.in', 'monsoon-forest', '10.3.8.8', now + 1000)).toBe(59);
    // The owner on a new network gets in at its next turn; on an address they signed in from before, at once.
    expect(await attempt('popular@example.in', 'monsoon-forest', '10.3.8.8', now + 61_000)).toBe(200);
    expect(await attempt('popular@example.in', 'monsoon-forest', '10.3.9.9', now)).toBe(200);
  });

  it('lets an admin lift an account lockout (with an audit entry)', async () => {
    await register('locked-out@example.in');
    const now = Date.now();
    for (let index = 0; index < PAIR_MAX_FAILURES; index += 1) expect(await attempt('locked-out@example.in', 'wrong', '10.4.0.1', now)).toBe(401);
    expect(await attempt('locked-out@example.in', 'monsoon-forest', '10.4.0.1', now)).toBe(429);

    const admin = await accountWithToken('admin', 'Unlocking Admin');
    const list = await fetch(`${stack.api}/admin/users?q=locked-out`, { headers: { authorization: admin.authorization } }).then((response) => response.json());
    const user = list.data.items.find((candidate: { email: string }) => candidate.email === 'locked-out@example.in');
    // The Users tab sees the lockout: from one address, until its first lockout (a minute) ends.
    expect(user.sign_in_lock).toEqual({ until: expect.any(String), addresses: 1, slowed: false });
    expect(Date.parse(user.sign_in_lock.until) - now).toBeGreaterThan(50_000);
    expect(Date.parse(user.sign_in_lock.until) - now).toBeLessThanOrEqual(lockoutSeconds(1) * 1000 + 1000);
    const unlocked = await fetch(`${stack.api}/admin/users/${user.id}/unlock`, { method: 'POST', headers: { authorization: admin.authorization } });
    expect(unlocked.status).toBe(200);
    const body = await unlocked.json();
    expect(body.data.cleared).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|scrypt/);
    expect(await attempt('locked-out@example.in', 'monsoon-forest', '10.4.0.1', now)).toBe(200);
    const after = await fetch(`${stack.api}/admin/users?q=locked-out`, { headers: { authorization: admin.authorization } }).then((response) => response.json());
    expect(after.data.items.find((candidate: { email: string }) => candidate.email === 'locked-out@example.in').sign_in_lock).toBeUndefined();

    const audit = await fetch(`${stack.api}/admin/audit?subject=user`, { headers: { authorization: admin.authorization } }).then((response) => response.json());
    expect(audit.data.items).toContainEqual(expect.objectContaining({ action: 'user.unlock', subject_id: user.id, label: 'locked-out@example.in' }));
    const missing = await fetch(`${stack.api}/admin/users/00000000-0000-0000-0000-000000000000/unlock`, {
      method: 'POST',
      headers: { authorization: admin.authorization },
    });
    expect(missing.status).toBe(404);
  });
});
