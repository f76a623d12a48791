import { randomBytes, scryptSync, type default as Crypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, isUsablePasswordHash, MAX_CONCURRENT_HASHES, passwordHashCost, verifyPassword } from '../../functions/lib/passwords.ts';

// node:crypto's scrypt, counted: how many calls are running at once (the real function does the work).
const scryptCalls = vi.hoisted(() => ({ running: 0, most: 0, failNext: false }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  type Done = (error: Error | null, key: Buffer) => void;
  const scrypt = (...args: unknown[]) => {
    const done = args.pop() as Done;
    if (scryptCalls.failNext) {
      scryptCalls.failNext = false;
      setImmediate(() => done(new Error('scrypt failed'), Buffer.alloc(0)));
      return;
    }
    scryptCalls.running += 1;
    scryptCalls.most = Math.max(scryptCalls.most, scryptCalls.running);
    (crypto.scrypt as (...all: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
      scryptCalls.running -= 1;
      done(error, key);
    });
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

/** A stored hash with a small N (quick to check), in the module's own format. */
function quickHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing (scrypt, OWASP parameters)', () => {
  it('stores a self-describing scrypt hash with N=2^17, r=8, p=1 and a random salt', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and rejects a wrong or tampered one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    const parts = stored.split('$');
    parts[5] = Buffer.alloc(64, 1).toString('base64url');
    expect(await verifyPassword('correct horse battery', parts.join('$'))).toBe(false);
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
  });

  it('answers false for a corrupt stored hash, never throws, and tells it apart from a usable one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(isUsablePasswordHash(stored)).toBe(true);
    const [, , r, p, salt, key] = stored.split('$');
    const corrupt = [
      '',
      'plain-text-password',
      `scrypt$abc$${r}$${p}$${salt}$${key}`,
      `scrypt$131073$${r}$${p}$${salt}$${key}`,
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`,
      `scrypt$131072$0$${p}$${salt}$${key}`,
      `scrypt$131072$${r}$${p}$$${key}`,
      `scrypt$131072$${r}$${p}$${salt}$a2V5`,
      `${stored}$extra`,
    ];
    for (const value of corrupt) {
      expect(isUsablePasswordHash(value), value).toBe(false);
      await expect(verifyPassword('correct horse battery', value)).resolves.toBe(false);
    }
  });
});

describe('the cost of new hashes (PASSWORD_HASH_COST)', () => {
  const offAws = { DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' };

  it("is OWASP's N=2^17 when the environment does not set it, on AWS or off", () => {
    expect(passwordHashCost({})).toBe(17);
    expect(passwordHashCost({ ...offAws, PASSWORD_HASH_COST: ' ' })).toBe(17);
  });

  it('may be lowered off AWS, and the hashes made then carry their own N, so they verify whatever the cost is later', async () => {
    expect(passwordHashCost({ ...offAws, PASSWORD_HASH_COST: '10' })).toBe(10);
    vi.stubEnv('PASSWORD_HASH_COST', '10');
    vi.stubEnv('DYNAMODB_ENDPOINT', offAws.DYNAMODB_ENDPOINT);
    try {
      const stored = await hashPassword('correct horse battery');
      expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
      vi.unstubAllEnvs();
      expect(await verifyPassword('correct horse battery', stored)).toBe(true);
      expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is never under 2^17 on AWS (no DYNAMODB_ENDPOINT): a hash there refuses to run rather than hash cheaply', async () => {
    expect(() => passwordHashCost({ PASSWORD_HASH_COST: '10' })).toThrow("PASSWORD_HASH_COST: Must be at least 17 on AWS, got '10'");
    expect(passwordHashCost({ PASSWORD_HASH_COST: '18' })).toBe(18);
    vi.stubEnv('PASSWORD_HASH_COST', '12');
    vi.stubEnv('DYNAMODB_ENDPOINT', '');
    try {
      await expect(hashPassword('correct horse battery')).rejects.toThrow('Must be at least 17 on AWS');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a cost that is not a whole number from 10 to 18 (2^18 with r=8 is the memory limit), naming the variable', () => {
    for (const raw of ['9', '19', '1e1', '12.5', '-12', 'twelve', '0x10']) {
      expect(() => passwordHashCost({ ...offAws, PASSWORD_HASH_COST: raw }), raw).toThrow(
        `Invalid function configuration: PASSWORD_HASH_COST: Must be a whole number from 10 to 18, got '${raw}'`,
      );
    }
  });
});

describe('how many hashes run at once', () => {
  it('runs at most MAX_CONCURRENT_HASHES scrypt calls at a time: a burst of sign-ins waits its turn instead of taking every thread of the pool', async () => {
    const stored = quickHash('monsoon-forest');
    scryptCalls.most = 0;
    const results = await Promise.all(Array.from({ length: 12 }, (_, index) => verifyPassword(index % 3 ? 'monsoon-forest' : 'wrong', stored)));
    expect(results).toEqual(Array.from({ length: 12 }, (_, index) => index % 3 !== 0));
    expect(MAX_CONCURRENT_HASHES).toBeLessThanOrEqual(2);
    expect(scryptCalls.most).toBe(MAX_CONCURRENT_HASHES);
    expect(scryptCalls.running).toBe(0);
  });

  it('gives the turn back when scrypt fails, so later hashes still run', async () => {
    const stored = quickHash('monsoon-forest');
    scryptCalls.failNext = true;
    const [failed, ...rest] = await Promise.allSettled(Array.from({ length: 5 }, () => verifyPassword('monsoon-forest', stored)));
    expect(failed?.status).toBe('rejected');
    expect(rest.map((result) => result.status === 'fulfilled' && result.value)).toEqual([true, true, true, true]);
    scryptCalls.most = 0;
    expect(await Promise.all([hashPassword('a long password'), hashPassword('another one'), hashPassword('and a third')])).toHaveLength(3);
    expect(scryptCalls.most).toBe(MAX_CONCURRENT_HASHES);
  });
});
