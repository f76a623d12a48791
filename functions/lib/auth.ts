import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyOptions } from 'jose';
import * as z from 'zod/mini';
import { userRoleSchema, type UserRole } from '../../shared/users.ts';
import { config } from './config.ts';

const ISSUER = 'forest-resort';
const audience = `forest-resort:${config.STAGE}`;
const ALGORITHM = 'HS256';

/** The key id of JWT_SECRET (local runs and tests): one key, never rotated. */
export const LOCAL_KEY_ID = 'local';
/** A token naming a key this container does not know makes it re-read the secret, at most this often. */
export const UNKNOWN_KEY_REFRESH_MS = 60_000;

const secretSchema = z.string().check(z.minLength(32, 'JWT_SECRET must be at least 32 characters'));

/**
 * The signing keys this container knows, by key id. On AWS the key is a Secrets Manager secret
 * rotated every 30 days (functions/jobs/rotate-signing-key.ts); its version id is the key id
 * (`kid`) in every token's header. Tokens are signed with AWSCURRENT and verified with the key
 * their `kid` names, AWSCURRENT or AWSPREVIOUS, so tokens signed before a rotation keep working
 * until the next one. Locally JWT_SECRET is the one key, `kid` "local".
 */
type KeyRing = { currentKid: string; keys: Map<string, Uint8Array>; previousKid?: string };

const encode = (secret: string | undefined) => new TextEncoder().encode(secretSchema.parse(secret));

/** One client per container, made at init, only where the key lives in Secrets Manager. */
const secretsClient = !process.env.JWT_SECRET && config.JWT_SECRET_ARN ? new SecretsManagerClient({ region: config.AWS_REGION }) : undefined;

async function readVersion(stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<{ kid: string; key: Uint8Array } | undefined> {
  if (!secretsClient || !config.JWT_SECRET_ARN) throw new Error('JWT_SECRET_ARN is not configured');
  try {
    const secret = await secretsClient.send(new GetSecretValueCommand({ SecretId: config.JWT_SECRET_ARN, VersionStage: stage }));
    if (!secret.VersionId) throw new Error(`The signing key's ${stage} version has no id`);
    return { kid: secret.VersionId, key: encode(secret.SecretString) };
  } catch (error) {
    // A secret never rotated has no AWSPREVIOUS.
    if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** Reads the keys: JWT_SECRET locally; AWSCURRENT and AWSPREVIOUS (in parallel) on AWS. A missing key fails loudly, never open. */
async function loadKeyRing(): Promise<KeyRing> {
  const local = process.env.JWT_SECRET;
  if (local || !config.JWT_SECRET_ARN) return { currentKid: LOCAL_KEY_ID, keys: new Map([[LOCAL_KEY_ID, encode(local)]]) };
  const [current, previous] = await Promise.all([
    readVersion('AWSCURRENT'),
    readVersion('AWSPREVIOUS').catch((error: unknown) => {
      // Without the previous key only tokens of the last rotation fail; signing must still work.
      console.error(JSON.stringify({ level: 'error', message: 'Previous signing key not readable', error: String(error) }));
      return undefined;
    }),
  ]);
  if (!current) throw new Error('No current signing key');
  const keys = new Map([[current.kid, current.key]]);
  if (previous && previous.kid !== current.kid) keys.set(previous.kid, previous.key);
  return { currentKid: current.kid, keys, ...(previous && previous.kid !== current.kid ? { previousKid: previous.kid } : {}) };
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

/**
 * The keys a token may be verified with: the one its `kid` names (re-reading the secret, at most
 * once a minute per container, when the kid is unknown: a rotation happened since this container
 * read it); for a token without `kid` (signed before tokens named their key) the current key, then
 * the previous one.
 */
async function verificationKeys(token: string): Promise<Uint8Array[]> {
  const { kid } = decodeProtectedHeader(token);
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

/** Verifies with each candidate key in turn; the first that verifies wins. Throws when none does. */
async function verifyWithKeyRing(token: string, options: JWTVerifyOptions): Promise<JWTPayload> {
  const keys = await verificationKeys(token);
  let failure: unknown = new Error('No key for this token');
  for (const key of keys) {
    try {
      return (await jwtVerify(token, key, options)).payload;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** Signs with the current key and names it in the header. */
async function sign(jwt: SignJWT): Promise<string> {
  const ring = await getKeyRing();
  const key = ring.keys.get(ring.currentKid);
  if (!key) throw new Error('No current signing key');
  return jwt.setProtectedHeader({ alg: ALGORITHM, kid: ring.currentKid }).sign(key);
}

/** For tests: forget the keys this container read, as a new container would. */
export function resetSigningKeys(): void {
  keyRing = undefined;
  lastUnknownKeyRefresh = Number.NEGATIVE_INFINITY;
}

export type Principal = { userId: string; role: UserRole; name: string; email: string };

const claimsSchema = z.object({
  sub: z.string().check(z.minLength(1)),
  role: userRoleSchema,
  name: z.string(),
  email: z.string(),
});

export async function signAccessToken(principal: Principal, expiresIn = '8h'): Promise<string> {
  return sign(
    new SignJWT({ role: principal.role, name: principal.name, email: principal.email })
      .setSubject(principal.userId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expiresIn),
  );
}

/** Verifies signature, algorithm, issuer, audience and expiry; returns undefined for any bad token. */
export async function verifyAccessToken(token: string): Promise<Principal | undefined> {
  try {
    const payload = await verifyWithKeyRing(token, { algorithms: [ALGORITHM], issuer: ISSUER, audience, requiredClaims: ['exp', 'sub'] });
    const claims = claimsSchema.parse(payload);
    return { userId: claims.sub, role: claims.role, name: claims.name, email: claims.email };
  } catch {
    return undefined;
  }
}
