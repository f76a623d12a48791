import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JSON Web Tokens (RFC 7519) on node:crypto, for the one shape of token this project
 * issues. A general library (jose) weighed 12-14 KB in every signed-in function's bundle for the
 * two calls used here; this is the cold-start budget's trade (issue 7). The tests check it against
 * jose in both directions: tokens jose signs verify here, and tokens signed here verify with jose.
 *
 * Deliberately narrow, which is what keeps it safe:
 * - the header must say exactly `alg: "HS256"` (no `none`, no algorithm chosen by the token), may
 *   name a `kid`, and may not carry `crit` (no extension we would have to understand);
 * - the signature is compared in constant time, after a strict base64url decode;
 * - `exp` is required, and `nbf`, `iat`, `iss` and `aud` are checked when present or asked for.
 */

export type JwtPayload = { [claim: string]: unknown; sub?: string; iss?: string; aud?: string | string[]; exp?: number; nbf?: number; iat?: number };
export type VerifyOptions = { issuer: string; audience: string; now?: number };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

const encodePart = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const hmac = (key: Uint8Array, input: string) => createHmac('sha256', key).update(input, 'ascii').digest();

/** A token's header, or undefined when the token is not three base64url parts with a JSON object header. */
export function decodeHeader(token: string): { alg?: unknown; kid?: unknown; crit?: unknown } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined;
  return parseObject(parts[0] ?? '');
}

function parseObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Signs `payload` with HS256; the header names `kid`. */
export function signJwt(payload: JwtPayload, key: Uint8Array, kid: string): string {
  const input = `${encodePart({ alg: 'HS256', kid })}.${encodePart(payload)}`;
  return `${input}.${hmac(key, input).toString('base64url')}`;
}

/** The payload of a token that `key` signed and whose claims hold now; throws with the reason otherwise. */
export function verifyJwt(token: string, key: Uint8Array, options: VerifyOptions): JwtPayload {
  const header = decodeHeader(token);
  if (!header) throw new Error('Malformed token');
  if (header.alg !== 'HS256') throw new Error('Unexpected algorithm');
  if (header.crit !== undefined) throw new Error('Unsupported critical header');
  if (header.kid !== undefined && typeof header.kid !== 'string') throw new Error('Malformed key id');
  const [encodedHeader, encodedPayload, encodedSignature] = token.split('.') as [string, string, string];
  const signature = Buffer.from(encodedSignature, 'base64url');
  const expected = hmac(key, `${encodedHeader}.${encodedPayload}`);
  // A base64url string that does not round-trip (stray trailing bits) is not the signature either.
  if (signature.length !== expected.length || signature.toString('base64url') !== encodedSignature || !timingSafeEqual(signature, expected))
    throw new Error('Bad signature');

  const payload = parseObject(encodedPayload) as JwtPayload | undefined;
  if (!payload) throw new Error('Malformed payload');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  if (!isTime(payload.exp)) throw new Error('Missing expiry');
  if (payload.exp <= now) throw new Error('Expired');
  if (payload.nbf !== undefined && (!isTime(payload.nbf) || payload.nbf > now)) throw new Error('Not yet valid');
  if (payload.iat !== undefined && !isTime(payload.iat)) throw new Error('Malformed issued-at');
  if (payload.iss !== options.issuer) throw new Error('Wrong issuer');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(options.audience)) throw new Error('Wrong audience');
  return payload;
}
