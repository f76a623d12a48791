import { config } from './config.ts';
import { sendSigned } from './aws-request.ts';

/**
 * Secrets Manager's GetSecretValue as one SigV4-signed JSON request (functions/lib/aws-request.ts:
 * the full Secrets Manager client would weigh on every signed-in function's cold start for this one
 * call). The call is the service's JSON 1.1 protocol (`X-Amz-Target: secretsmanager.GetSecretValue`).
 * SECRETS_MANAGER_ENDPOINT overrides the regional endpoint (tests run a local stand-in).
 */
export type SecretVersion = { secretString: string; versionId: string };

/** Secrets Manager answered that the secret or the asked-for version stage does not exist. */
export class SecretNotFoundError extends Error {
  override name = 'SecretNotFoundError';
}

/** One version of a secret by its stage (AWSCURRENT, AWSPREVIOUS). Throws SecretNotFoundError, or an Error naming the service's error. */
export async function getSecretVersion(secretId: string, versionStage: string): Promise<SecretVersion> {
  const endpoint = new URL(process.env.SECRETS_MANAGER_ENDPOINT ?? `https://secretsmanager.${config.AWS_REGION}.amazonaws.com/`);
  const body = JSON.stringify({ SecretId: secretId, VersionStage: versionStage });
  const response = await sendSigned({
    service: 'secretsmanager',
    url: endpoint,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body,
    timeoutMs: 3000,
  });
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(response.text) as Record<string, unknown>;
  } catch {
    // An answer that is not JSON is reported by its status below.
  }
  if (response.statusCode >= 200 && response.statusCode < 300) {
    const { SecretString, VersionId } = parsed;
    if (typeof SecretString !== 'string' || typeof VersionId !== 'string') throw new Error('GetSecretValue answered without SecretString and VersionId');
    return { secretString: SecretString, versionId: VersionId };
  }
  // JSON 1.1 errors name their type in __type ("ResourceNotFoundException", or with a namespace prefix).
  const type = String(parsed.__type ?? response.headers['x-amzn-errortype'] ?? `HTTP ${response.statusCode}`)
    .split('#')
    .pop()
    ?.split(':')[0];
  const message = String(parsed.message ?? parsed.Message ?? '');
  if (type === 'ResourceNotFoundException') throw new SecretNotFoundError(`${versionStage} of the secret not found${message ? `: ${message}` : ''}`);
  throw new Error(`GetSecretValue failed: ${type}${message ? `: ${message}` : ''}`);
}
