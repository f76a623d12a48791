import { randomBytes, scryptSync, type default as Crypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../functions/lib/db/users.ts';
import { MAX_CONCURRENT_HASHES } from '../../functions/lib/passwords.ts';
import { postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();

// node:crypto's scrypt, counted: how many calls run at once in this process, which serves every route (the real function does the work).
const scryptCalls = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  type Done = (error: Error | null, key: Buffer) => void;
  const scrypt = (...args: unknown[]) => {
    const done = args.pop() as Done;
    scryptCalls.running += 1;
    scryptCalls.most = Math.max(scryptCalls.most, scryptCalls.running);
    (crypto.scrypt as (...all: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
      scryptCalls.running -= 1;
      done(error, key);
    });
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

describe('password hashing under the local server', () => {
  it('hashes at most MAX_CONCURRENT_HASHES passwords at once, however many sign-ins arrive together; the rest wait their turn and succeed', async () => {
    // N=2^14: a few tens of ms a check, long enough for the sign-ins' hashes to overlap (the bound is under test, not the cost).
    const salt = randomBytes(16);
    const key = scryptSync('monsoon-forest', salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const passwordHash = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    const emails = Array.from({ length: 12 }, (_, index) => `burst-${index}@example.in`);
    for (const email of emails) await createUser({ name: 'Burst Guest', email, role: 'customer', passwordHash });
    scryptCalls.most = 0;
    const [catalogue, ...signIns] = await Promise.all([
      fetch(`${stack.api}/cottages`).then((response) => response.status),
      ...emails.map((email) => postJson(`${stack.api}/auth?action=login`, { email, password: 'monsoon-forest' }).then((answer) => answer.status)),
    ]);
    expect(signIns).toEqual(emails.map(() => 200));
    expect(catalogue).toBe(200);
    expect(scryptCalls.most).toBe(MAX_CONCURRENT_HASHES);
    expect(scryptCalls.running).toBe(0);
  });
});
