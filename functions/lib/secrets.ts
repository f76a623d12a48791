import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Readable } from 'node:stream';
import { config } from './config.ts';
import { documentClient } from './db/client.ts';

/**
 * Secrets Manager's GetSecretValue as one SigV4-signed JSON request, made with the pieces the
 * container's one SDK client already holds: its credentials, hash, region and HTTP handler. The
 * full Secrets Manager client would weigh on every signed-in function's cold start for this one
 * call (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor); the signer and the handler
 * are in the floor already.
 *
 * The call is the service's JSON 1.1 protocol (`X-Amz-Target: secretsmanager.GetSecretValue`).
 * SECRETS_MANAGER_ENDPOINT overrides the regional endpoint (tests run a local stand-in).
 */
export type SecretVersion = { secretString: string; versionId: string };

/** Secrets Manager answered that the secret or the asked-for version stage does not exist. */
export class SecretNotFoundError extends Error {
  override name = 'SecretNotFoundError';
}

const clientConfig = documentClient.config;

let signer: SignatureV4 | undefined;
async function getSigner(): Promise<SignatureV4> {
  signer ??= new SignatureV4({
    service: 'secretsmanager',
    region: await clientConfig.region(),
    credentials: clientConfig.credentials,
    sha256: clientConfig.sha256,
  });
  return signer;
}

async function readBody(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** One version of a secret by its stage (AWSCURRENT, AWSPREVIOUS). Throws SecretNotFoundError, or an Error naming the service's error. */
export async function getSecretVersion(secretId: string, versionStage: string): Promise<SecretVersion> {
  const endpoint = new URL(process.env.SECRETS_MANAGER_ENDPOINT ?? `https://secretsmanager.${config.AWS_REGION}.amazonaws.com/`);
  const body = JSON.stringify({ SecretId: secretId, VersionStage: versionStage });
  const request = new HttpRequest({
    method: 'POST',
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    path: '/',
    headers: {
      host: endpoint.host,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  });
  const signed = await (await getSigner()).sign(request);
  const { response } = await clientConfig.requestHandler.handle(signed as HttpRequest, { requestTimeout: 3000 });
  const text = await readBody(response.body);
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
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
