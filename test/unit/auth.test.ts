import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifiedClaims, verifyAccessToken, type Principal } from '../../functions/lib/auth.ts';

const admin: Principal = { userId: 'u-1', role: 'admin', name: 'Asha', email: 'asha@example.com' };
const key = new TextEncoder().encode(process.env.JWT_SECRET);

describe('access tokens', () => {
  it('round-trips the principal', async () => {
    expect(await verifyAccessToken(await signAccessToken(admin))).toEqual({ ...admin, tokenVersion: 0 });
    expect(await verifyAccessToken(await signAccessToken({ ...admin, tokenVersion: 4 }))).toEqual({ ...admin, tokenVersion: 4 });
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

  it('signs tokens that jose verifies on its own, with the claims it checks and the key named in the header', async () => {
    const { payload, protectedHeader } = await jwtVerify(await signAccessToken(admin), key, {
      algorithms: ['HS256'],
      issuer: 'forest-resort',
      audience: 'forest-resort:test',
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', kid: 'local' });
    expect(payload).toMatchObject({ sub: 'u-1', role: 'admin', name: 'Asha', email: 'asha@example.com' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(8 * 3600);
  });
});

describe('HS256 verification refuses hostile tokens', () => {
  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const claims = { sub: 'u-1', iss: 'forest-resort', aud: 'forest-resort:test', exp: Math.floor(Date.now() / 1000) + 600 };
  /** A token signed with the right key, whatever its header and payload say. */
  const forge = (header: unknown, payload: unknown = claims) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
  };
  /** The same signature bytes spelled another way: the last character's two spare bits set. */
  const respell = (token: string) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1) ?? 'A');
    return token.slice(0, -1) + (alphabet[last ^ 1] ?? '');
  };

  it('accepts the well-formed token the forger makes, so each refusal below is about one thing', async () => {
    await expect(verifiedClaims(forge({ alg: 'HS256' }))).resolves.toMatchObject({ sub: 'u-1' });
    await expect(verifiedClaims(forge({ alg: 'HS256', kid: 'local' }, { ...claims, aud: ['other', 'forest-resort:test'] }))).resolves.toMatchObject({
      sub: 'u-1',
    });
  });

  it.each([
    ['alg none', forge({ alg: 'none' }), /"alg" \(Algorithm\) Header Parameter value not allowed/],
    ['alg none without a signature', `${b64({ alg: 'none' })}.${b64(claims)}.`, /Malformed token/],
    ['alg HS512', forge({ alg: 'HS512' }), /"alg" \(Algorithm\) Header Parameter value not allowed/],
    ['alg in another case', forge({ alg: 'hs256' }), /"alg" \(Algorithm\) Header Parameter value not allowed/],
    ['a critical header', forge({ alg: 'HS256', crit: ['b64'], b64: false }), /Unsupported critical header/],
    ['a critical header jose itself understands', forge({ alg: 'HS256', crit: ['b64'], b64: true }), /Unsupported critical header/],
    ['a key id that is not a string', forge({ alg: 'HS256', kid: 7 }), /Malformed key id/],
    ['a key id no key has', forge({ alg: 'HS256', kid: 'someone-elses' }), /No key for this token/],
    ['a header that is not an object', forge(['HS256']), /Invalid Token or Protected Header formatting/],
    ['two parts', forge({ alg: 'HS256' }).split('.').slice(0, 2).join('.'), /Malformed token/],
    ['four parts', `${forge({ alg: 'HS256' })}.x`, /Malformed token/],
    ['characters outside base64url', forge({ alg: 'HS256' }).replace(/.$/, '+'), /Malformed token/],
    ['padding', `${forge({ alg: 'HS256' })}=`, /Malformed token/],
    ['a space inside the signature', forge({ alg: 'HS256' }).replace(/(.{4})$/, ' $1'), /Malformed token/],
    ['a truncated signature', forge({ alg: 'HS256' }).slice(0, -4), /signature/],
    ['an empty signature', forge({ alg: 'HS256' }).replace(/[^.]+$/, ''), /Malformed token/],
    ['the signature spelled another way', respell(forge({ alg: 'HS256' })), /Malformed signature/],
    ['a payload that is not an object', forge({ alg: 'HS256' }, [claims]), /JWT Claims Set must be a top-level JSON object/],
    ['no expiry', forge({ alg: 'HS256' }, { ...claims, exp: undefined }), /missing required "exp" claim/],
    ['an expiry that is a string', forge({ alg: 'HS256' }, { ...claims, exp: '9999999999' }), /"exp" claim must be a number/],
    ['an expiry in the past', forge({ alg: 'HS256' }, { ...claims, exp: 1 }), /"exp" claim timestamp check failed/],
    ['not valid before a future time', forge({ alg: 'HS256' }, { ...claims, nbf: claims.exp }), /"nbf" claim timestamp check failed/],
    ['another issuer', forge({ alg: 'HS256' }, { ...claims, iss: 'someone' }), /unexpected "iss" claim value/],
    ['another stage', forge({ alg: 'HS256' }, { ...claims, aud: 'forest-resort:prod' }), /unexpected "aud" claim value/],
  ])('refuses %s', async (_, token, reason) => {
    await expect(verifiedClaims(token)).rejects.toThrow(reason);
  });

  it('refuses a signature that differs in its last character', async () => {
    const token = forge({ alg: 'HS256' });
    const last = token.at(-1) === 'A' ? 'E' : 'A';
    await expect(verifiedClaims(token.slice(0, -1) + last)).rejects.toThrow(/signature/);
  });
});
