import { decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyOptions, type ProtectedHeaderParameters } from 'jose';

/*
 * Every jose call the project makes. functions/lib/auth.ts loads this module with the first token it
 * checks or signs, beside the signing keys' read, so no function's cold start carries jose
 * (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 */

/**
 * The header of a token shaped as ours, or a thrown reason: the narrow rules jose leaves to us. No
 * `crit` at all (no extension we would have to understand), a `kid` that is a string, and the
 * signature in its one canonical spelling (a decoder that ignores the last character's spare bits
 * would take several spellings of one signature). The caller has checked the three-part shape.
 */
export function tokenHeader(token: string): ProtectedHeaderParameters {
  const signature = token.slice(token.lastIndexOf('.') + 1);
  if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) throw new Error('Malformed signature');
  const header = decodeProtectedHeader(token);
  if ('crit' in header) throw new Error('Unsupported critical header');
  if (header.kid !== undefined && typeof header.kid !== 'string') throw new Error('Malformed key id');
  return header;
}

/** The claims of `token` if `key` signed it under `options` (signature, algorithm, issuer, audience, expiry); throws with the reason otherwise. */
export const verifyToken = async (token: string, key: Uint8Array, options: JWTVerifyOptions): Promise<JWTPayload> =>
  (await jwtVerify(token, key, options)).payload;

/** HS256 over `claims` with `key`, naming it `kid` in the header. */
export const signToken = (claims: JWTPayload, kid: string, key: Uint8Array): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(key);
