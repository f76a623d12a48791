import type { KeyRing } from './auth.ts';
import { getSecretVersion, SecretNotFoundError } from './secrets.ts';
import { log } from './logger.ts';

// The origin check reads its secret through this chunk, which signed-in bundles load anyway (functions/lib/http/origin-verify.ts).
export { getSecretVersion };

async function readVersion(
  secretArn: string,
  stage: 'AWSCURRENT' | 'AWSPREVIOUS',
  encode: (secret: string) => Uint8Array,
): Promise<{ kid: string; key: Uint8Array } | undefined> {
  try {
    const secret = await getSecretVersion(secretArn, stage);
    return { kid: secret.versionId, key: encode(secret.secretString) };
  } catch (error) {
    // A secret never rotated has no AWSPREVIOUS.
    if (stage === 'AWSPREVIOUS' && error instanceof SecretNotFoundError) return undefined;
    throw error;
  }
}

/**
 * The signing keys on AWS: the Secrets Manager secret's AWSCURRENT and AWSPREVIOUS versions, read in
 * parallel (functions/lib/auth.ts loads this module with its first read of the keys). `encode` is
 * auth.ts's check of a key, passed in: were this lazily loaded module to import auth.ts, all that
 * auth.ts imports (zod among it) would move to a chunk shared with every cold start.
 */
export async function readKeyRing(secretArn: string, encode: (secret: string) => Uint8Array): Promise<KeyRing> {
  const [current, previous] = await Promise.all([
    readVersion(secretArn, 'AWSCURRENT', encode),
    readVersion(secretArn, 'AWSPREVIOUS', encode).catch((error: unknown) => {
      // Without the previous key only tokens of the last rotation fail; signing must still work.
      log.error('Previous signing key not readable', { error });
      return undefined;
    }),
  ]);
  if (!current) throw new Error('No current signing key');
  const keys = new Map([[current.kid, current.key]]);
  if (previous && previous.kid !== current.kid) keys.set(previous.kid, previous.key);
  return { currentKid: current.kid, keys, ...(previous && previous.kid !== current.kid ? { previousKid: previous.kid } : {}) };
}
