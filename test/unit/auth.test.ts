import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken, type Principal } from '../../functions/lib/auth.ts';

const admin: Principal = { userId: 'u-1', role: 'admin', name: 'Asha', email: 'asha@example.com' };
const key = new TextEncoder().encode(process.env.JWT_SECRET);

describe('access tokens', () => {
  it('round-trips the principal', async () => {
    expect(await verifyAccessToken(await signAccessToken(admin))).toEqual(admin);
  });

  it('rejects an expired token', async () => {
    const token = await new SignJWT({ role: 'admin', name: 'A', email: 'a@b.c' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('forest-resort')
      .setAudience('forest-resort:test')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await verifyAccessToken(token)).toBeUndefined();
  });

  it('rejects a token for another stage (audience) or issuer, or without expiry', async () => {
    const base = () => new SignJWT({ role: 'admin', name: 'A', email: 'a@b.c' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u-1');
    expect(
      await verifyAccessToken(await base().setIssuer('forest-resort').setAudience('forest-resort:prod').setExpirationTime('1h').sign(key)),
    ).toBeUndefined();
    expect(await verifyAccessToken(await base().setIssuer('someone-else').setAudience('forest-resort:test').setExpirationTime('1h').sign(key))).toBeUndefined();
    expect(await verifyAccessToken(await base().setIssuer('forest-resort').setAudience('forest-resort:test').sign(key))).toBeUndefined();
  });

  it('rejects an unsigned (alg none) token and one signed with another key', async () => {
    const unsigned = new UnsecuredJWT({ role: 'admin', name: 'A', email: 'a@b.c' })
      .setSubject('u-1')
      .setIssuer('forest-resort')
      .setAudience('forest-resort:test')
      .setExpirationTime('1h')
      .encode();
    expect(await verifyAccessToken(unsigned)).toBeUndefined();
    const forged = await new SignJWT({ role: 'admin', name: 'A', email: 'a@b.c' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('forest-resort')
      .setAudience('forest-resort:test')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect(await verifyAccessToken(forged)).toBeUndefined();
  });

  it('rejects a token whose role is not one of ours', async () => {
    const token = await new SignJWT({ role: 'superuser', name: 'A', email: 'a@b.c' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuer('forest-resort')
      .setAudience('forest-resort:test')
      .setExpirationTime('1h')
      .sign(key);
    expect(await verifyAccessToken(token)).toBeUndefined();
  });
});
