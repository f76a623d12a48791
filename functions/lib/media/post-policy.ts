import { createScope, getSigningKey } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, ChecksumConstructor, HashConstructor } from '@smithy/types';

/*
 * S3's browser upload (POST Object with a SigV4-signed POST policy): the policy names the bucket,
 * the key, the content type, the cache header and the largest size, and S3 refuses any upload
 * that breaks one of them. Written on the signer already in every bundle (@smithy/signature-v4's
 * signing key), field for field as @aws-sdk/s3-presigned-post's createPresignedPost builds them:
 * that package needs a whole S3 client, which would add ~350 KB to the function
 * (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor). The local server checks the same
 * policy (infra/local/media-store.ts), so the browser's code is the same on both.
 */

export type SigningPieces = {
  credentials: AwsCredentialIdentity;
  region: string;
  sha256: ChecksumConstructor | HashConstructor;
};

export type PostPolicyRequest = {
  /** Where the form is posted: the bucket's regional endpoint (or the local server's stand-in). */
  url: string;
  bucket: string;
  key: string;
  contentType: string;
  cacheControl: string;
  maxBytes: number;
  expiresSeconds: number;
  now: Date;
};

export type PostPolicyCondition = Record<string, string> | [string, string | number, string | number];
export type PostPolicy = { expiration: string; conditions: PostPolicyCondition[] };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The policy's signature: HMAC-SHA256 of the base64 policy under the day's S3 signing key, in hex. */
export async function policySignature(encodedPolicy: string, signing: SigningPieces, shortDate: string): Promise<string> {
  const key = await getSigningKey(signing.sha256, signing.credentials, shortDate, signing.region, 's3');
  const hash = new signing.sha256(key);
  hash.update(new TextEncoder().encode(encodedPolicy));
  return Buffer.from(await hash.digest()).toString('hex');
}

/** The form fields of one upload (the file goes last, as `file`), signed with `signing`'s credentials. */
export async function presignedPost(request: PostPolicyRequest, signing: SigningPieces): Promise<{ url: string; fields: Record<string, string> }> {
  const signingDate = iso8601(request.now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const fields: Record<string, string> = {
    key: request.key,
    'Content-Type': request.contentType,
    'Cache-Control': request.cacheControl,
    bucket: request.bucket,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${signing.credentials.accessKeyId}/${createScope(shortDate, signing.region, 's3')}`,
    'X-Amz-Date': signingDate,
    ...(signing.credentials.sessionToken ? { 'X-Amz-Security-Token': signing.credentials.sessionToken } : {}),
  };
  const policy: PostPolicy = {
    expiration: iso8601(new Date(request.now.getTime() + request.expiresSeconds * 1000)),
    conditions: [...Object.entries(fields).map(([name, value]) => ({ [name]: value })), ['content-length-range', 1, request.maxBytes]],
  };
  const encodedPolicy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return { url: request.url, fields: { ...fields, Policy: encodedPolicy, 'X-Amz-Signature': await policySignature(encodedPolicy, signing, shortDate) } };
}
