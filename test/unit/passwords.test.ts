import { describe, expect, it } from 'vitest';
import { hashPassword, isUsablePasswordHash, verifyPassword } from '../../functions/lib/passwords.ts';

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
