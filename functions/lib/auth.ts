import type { JWTPayload, JWTVerifyOptions } from 'jose';
import type * as TokenJose from './token-jose.ts';
import { userRoles, type UserRole } from '../../shared/users.ts';
import { config } from './config.ts';

const ISSUER = 'forest-resort';
const audience = `forest-resort:${config.STAGE}`;
/** The one kind of token this project accepts: HS256 only (never `none`, never the token's choice), our issuer and stage, an expiry. */
const VERIFY_OPTIONS: JWTVerifyOptions = { algorithms: ['HS256'], issuer: ISSUER, audience, requiredClaims: ['exp'] };
/** Three base64url parts, nothing else (no padding, no spaces: the platform's base64 decoder would skip them). */
const COMPACT_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** How long an access token lasts. */
export const ACCESS_TOKEN_SECONDS = 8 * 3600;
const MIN_SECRET_LENGTH = 32;

/** The key id of JWT_SECRET (local runs and tests): one key, never rotated. */
export const LOCAL_KEY_ID = 'local';
/** A token naming a key this container does not know makes it re-read the secret, at most this often. */
export const UNKNOWN_KEY_REFRESH_MS = 60_000;

/**
 * The signing keys this container knows, by key id. On AWS the key is a Secrets Manager secret
 * rotated every 30 days (functions/jobs/rotate-signing-key.ts); its version id is the key id
 * (`kid`) in every token's header. Tokens are signed with AWSCURRENT and verified with the key
 * their `kid` names, AWSCURRENT or AWSPREVIOUS, so tokens signed before a rotation keep working
 * until the next one. Locally JWT_SECRET is the one key, `kid` "local".
 */
export type KeyRing = { currentKid: string; keys: Map<string, Uint8Array>; previousKid?: string };

export function encode(secret: string | undefined): Uint8Array {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  return new TextEncoder().encode(secret);
}

/**
 * Reads the keys: JWT_SECRET locally; on AWS the secret's AWSCURRENT and AWSPREVIOUS
 * (functions/lib/secret-key-ring.ts, loaded with this first read: once per container, next to its
 * network call, never at a cold start's import). A missing key fails loudly, never open.
 */
async function loadKeyRing(): Promise<KeyRing> {
  const local = process.env.JWT_SECRET;
  if (local || !config.JWT_SECRET_ARN) return { currentKid: LOCAL_KEY_ID, keys: new Map([[LOCAL_KEY_ID, encode(local)]]) };
  return (await import('./secret-key-ring.ts')).readKeyRing(config.JWT_SECRET_ARN, encode);
}

let keyRing: Promise<KeyRing> | undefined;
let lastUnknownKeyRefresh = Number.NEGATIVE_INFINITY;

/** Read once per execution environment and cached (a failed read is retried by the next call). */
function getKeyRing(): Promise<KeyRing> {
  keyRing ??= loadKeyRing().catch((error: unknown) => {
    keyRing = undefined;
    throw error;
  });
  return keyRing;
}

/** jose's part (functions/lib/token-jose.ts), loaded once per container with the first token checked or signed. */
let tokenCode: Promise<typeof TokenJose> | undefined;
function loadTokenCode(): Promise<typeof TokenJose> {
  tokenCode ??= import('./token-jose.ts').catch((error: unknown) => {
    tokenCode = undefined;
    throw error;
  });
  return tokenCode;
}

/**
 * Starts, without waiting, what checking or signing a token needs: the keys' read first (on AWS a
 * Secrets Manager round trip), then jose's load, which runs while that read is in flight. The route
 * chain calls it as a request with a token arrives, so the read also runs beside the origin check's
 * (functions/lib/http/signed-in-route.ts). A failure here is left to the call that needs the keys.
 */
export function prepareTokens(): void {
  // Every later request of a warm container: both are under way or done, nothing to start.
  if (keyRing && tokenCode) return;
  getKeyRing().catch(() => undefined);
  loadTokenCode().catch(() => undefined);
}

/**
 * The keys a token may be verified with: the one its `kid` names (re-reading the secret, at most
 * once a minute per container, when the kid is unknown: a rotation happened since this container
 * read it); for a token without `kid` (signed before tokens named their key) the current key, then
 * the previous one.
 */
async function verificationKeys(kid: string | undefined): Promise<Uint8Array[]> {
  let ring = await getKeyRing();
  if (kid === undefined)
    return [ring.keys.get(ring.currentKid), ring.previousKid ? ring.keys.get(ring.previousKid) : undefined].filter(
      (key): key is Uint8Array => key !== undefined,
    );
  let key = ring.keys.get(kid);
  if (!key) {
    const now = Date.now();
    if (now - lastUnknownKeyRefresh >= UNKNOWN_KEY_REFRESH_MS) {
      lastUnknownKeyRefresh = now;
      keyRing = undefined;
    }
    // The keys as last read: a re-read this request started, or one a concurrent request started.
    ring = await getKeyRing();
    key = ring.keys.get(kid);
  }
  return key ? [key] : [];
}

/**
 * The claims of a token one of our keys signed, checked by jose (signature, algorithm, issuer,
 * audience, expiry and not-before); throws with the reason otherwise. Each candidate key is tried
 * in turn; the first that verifies wins.
 */
export async function verifiedClaims(token: string): Promise<JWTPayload> {
  if (!COMPACT_TOKEN.test(token)) throw new Error('Malformed token');
  // The keys' read goes out first; jose loads while it is in flight.
  const keys = getKeyRing();
  keys.catch(() => undefined);
  const { tokenHeader, verifyToken } = await loadTokenCode();
  const { kid } = tokenHeader(token);
  await keys;
  let failure: unknown = new Error('No key for this token');
  for (const key of await verificationKeys(kid)) {
    try {
      return await verifyToken(token, key, VERIFY_OPTIONS);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** Signs with the current key and names it in the header. */
async function sign(claims: JWTPayload): Promise<string> {
  const [ring, { signToken }] = await Promise.all([getKeyRing(), loadTokenCode()]);
  const key = ring.keys.get(ring.currentKid);
  if (!key) throw new Error('No current signing key');
  return signToken(claims, ring.currentKid, key);
}

/** For tests: forget the keys this container read, as a new container would. */
export function resetSigningKeys(): void {
  keyRing = undefined;
  lastUnknownKeyRefresh = Number.NEGATIVE_INFINITY;
}

/**
 * Who a token speaks for. `tokenVersion` is the account's version when the token was signed: a
 * suspension, role or password change or deletion moves the account on, and the token with it
 * stops working (functions/lib/account-state.ts). Tokens signed before versions existed carry 0.
 */
export type Principal = { userId: string; role: UserRole; name: string; email: string; tokenVersion?: number };

const isRole = (value: unknown): value is UserRole => (userRoles as readonly unknown[]).includes(value);

export async function signAccessToken(principal: Principal, lifetimeSeconds = ACCESS_TOKEN_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign({
    role: principal.role,
    name: principal.name,
    email: principal.email,
    sub: principal.userId,
    ver: principal.tokenVersion ?? 0,
    iss: ISSUER,
    aud: audience,
    iat: now,
    exp: now + lifetimeSeconds,
  });
}

/** Verifies signature, algorithm, issuer, audience and expiry, then the claims' shape; returns undefined for any bad token. */
export async function verifyAccessToken(token: string): Promise<Principal | undefined> {
  try {
    const { sub, role, name, email, ver = 0 } = await verifiedClaims(token);
    if (typeof sub !== 'string' || !sub || !isRole(role) || typeof name !== 'string' || typeof email !== 'string') return undefined;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return undefined;
    return { userId: sub, role, name, email, tokenVersion: ver };
  } catch {
    return undefined;
  }
}
