import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt cost, as log2 N: N=2^17, with r=8, p=1 (needs 128 MiB, so maxmem is raised). */
export const PASSWORD_HASH_COST = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;
/** The largest cost the memory limit allows with r=8 (scrypt takes 128 * N * r bytes): 18. */
const MAX_COST = Math.log2(MAX_MEMORY / (128 * R));
/** The smallest N a stored hash may name, as a cost. */
const MIN_COST = 10;

/**
 * The cost new hashes get: OWASP's, unless PASSWORD_HASH_COST (log2 N) says otherwise. The test
 * stacks lower it, where the hash's cost is not what they test, as Django's test settings swap in a
 * fast hasher. A cost under OWASP's is honoured only off AWS (DYNAMODB_ENDPOINT set), so a deployed
 * stage never hashes cheaply, whatever its environment says. Read per hash, like the stage's other
 * limits, so a test can raise it for its own duration.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_HASH_COST?.trim();
  if (!raw) return PASSWORD_HASH_COST;
  const cost = Number(raw);
  const problem =
    !/^\d+$/.test(raw) || cost < MIN_COST || cost > MAX_COST
      ? `Must be a whole number from ${MIN_COST} to ${MAX_COST}, got '${raw}'`
      : cost < PASSWORD_HASH_COST && !env.DYNAMODB_ENDPOINT && `Must be at least ${PASSWORD_HASH_COST} on AWS, got '${raw}'`;
  if (problem) throw new Error(`Invalid function configuration: PASSWORD_HASH_COST: ${problem}`);
  return cost;
}

/**
 * At most this many scrypt calls run at once; the rest wait their turn. scrypt runs on libuv's
 * shared thread pool (4 threads), which DNS lookups and file I/O, and so the DynamoDB client, also
 * use: under the local server, where one process serves every route, a burst of sign-ins would
 * otherwise take every thread and stall bookings behind them. On Lambda a container serves one
 * request at a time, so the bound is never reached there.
 */
export const MAX_CONCURRENT_HASHES = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (so `running` stays counted), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength = KEY_LENGTH): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEMORY };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** Self-describing hash `scrypt$N$r$p$salt$key` (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const params = { N: 2 ** passwordHashCost(), r: R, p: P };
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type StoredHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

const BASE64URL = /^[\w-]+$/;
const isPowerOfTwo = (value: number): boolean => Number.isSafeInteger(value) && value > 1 && (value & (value - 1)) === 0;

/**
 * A stored hash taken apart, or undefined when it is not one this module could have written:
 * scrypt with a power-of-two N from 2^10 to 2^20, r 1-32, p 1-16, within the memory limit, a salt
 * of at least 16 bytes and a key of 32-128 bytes. Nothing outside those bounds reaches scrypt.
 */
function parseStoredHash(stored: unknown): StoredHash | undefined {
  if (typeof stored !== 'string') return undefined;
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || !n || !r || !p || !salt || !key || !BASE64URL.test(salt) || !BASE64URL.test(key)) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(params.N) || params.N < 2 ** MIN_COST || params.N > 2 ** 20) return undefined;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32 || !Number.isInteger(params.p) || params.p < 1 || params.p > 16) return undefined;
  if (128 * params.N * params.r > MAX_MEMORY) return undefined;
  const parsed = { ...params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  if (parsed.salt.length < 16 || parsed.key.length < 32 || parsed.key.length > 128) return undefined;
  return parsed;
}

/** False for a stored value that is not a usable hash (corrupt, truncated, or not a hash at all). */
export const isUsablePasswordHash = (stored: unknown): boolean => parseStoredHash(stored) !== undefined;

/** True only for the right password against a usable hash; a corrupt hash is false, never a throw. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed, parsed.key.length);
  return timingSafeEqual(actual, parsed.key);
}
