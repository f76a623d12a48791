import { createHash, timingSafeEqual } from 'node:crypto';
import { getSecretVersion } from '../secret-key-ring.ts';
import type { HttpEvent } from './handler.ts';

/** The header CloudFront adds to every request it sends to the `/api/*` origin (infra/constructs/static-site.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (value: string | Uint8Array) => createHash('sha256').update(value).digest();

/** The secret's digest: read once per container; a failed read is forgotten, so the next request reads again. */
let expected: Promise<Buffer> | undefined;

/**
 * Whether a request came through CloudFront: its `x-origin-verify` header equals the stage's
 * secret (ORIGIN_VERIFY_SECRET_ARN), compared in constant time over SHA-256 digests, so the
 * lengths are equal whatever was sent. Without that variable (npm start, tests) every request passes.
 *
 * The route chain loads this module on first use (functions/lib/http/origin-middleware.ts), and it reads
 * the secret through the signing key's chunk (functions/lib/secret-key-ring.ts re-exports the
 * Secrets Manager read of functions/lib/secrets.ts): sharing that lazy chunk keeps every HTTP
 * function's cold start within its size budget (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor). Only AWSCURRENT is accepted.
 */
export async function originVerified(event: HttpEvent, secretArn = process.env.ORIGIN_VERIFY_SECRET_ARN): Promise<boolean> {
  if (!secretArn) return true;
  expected ??= getSecretVersion(secretArn, 'AWSCURRENT')
    .then((secret) => digest(secret.secretString))
    .catch((error: unknown) => {
      expected = undefined;
      throw error;
    });
  return timingSafeEqual(digest(event.headers?.[ORIGIN_VERIFY_HEADER] ?? ''), await expected);
}
