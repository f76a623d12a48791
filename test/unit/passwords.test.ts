import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/lib/passwords.ts';

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
});
