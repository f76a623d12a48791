import { randomBytes } from 'node:crypto';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import type { Context } from 'aws-lambda';
import { log, setLogContext } from '../lib/logger.ts';

/**
 * Rotates the JWT signing key (a Secrets Manager rotation function). Secrets Manager calls it four
 * times per rotation, with the new version's id as ClientRequestToken:
 * - createSecret: a fresh random key as the AWSPENDING version (once: a retried step finds it);
 * - setSecret: nothing to do, the key lives in this secret only;
 * - testSecret: the pending key is a usable HS256 key, not the current one;
 * - finishSecret: AWSCURRENT moves to it (Secrets Manager moves AWSPREVIOUS to the old one).
 * Tokens name the version that signed them (`kid`), and functions verify with AWSCURRENT or
 * AWSPREVIOUS (functions/lib/auth.ts), so tokens signed before the rotation keep working until
 * the next one.
 */
export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
export type RotationEvent = { SecretId: string; ClientRequestToken: string; Step: RotationStep };

/** The same floor functions/lib/auth.ts enforces when it reads a key. */
export const MIN_KEY_LENGTH = 32;

const client = new SecretsManagerClient({});

/** 48 random bytes as 64 URL-safe characters: 384 bits, more than HS256's 256. */
export function newSigningKey(): string {
  return randomBytes(48).toString('base64url');
}

async function pendingKey(secretId: string, token: string): Promise<string | undefined> {
  try {
    return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionId: token, VersionStage: 'AWSPENDING' }))).SecretString;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

async function createSecret(secretId: string, token: string): Promise<void> {
  // The current version must exist (and be readable) before a new one is made.
  await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT' }));
  if (await pendingKey(secretId, token)) {
    log.info('Pending signing key already created', { secretId, version: token });
    return;
  }
  await client.send(new PutSecretValueCommand({ SecretId: secretId, ClientRequestToken: token, SecretString: newSigningKey(), VersionStages: ['AWSPENDING'] }));
  log.info('Pending signing key created', { secretId, version: token });
}

async function testSecret(secretId: string, token: string): Promise<void> {
  const [pending, current] = await Promise.all([
    pendingKey(secretId, token),
    client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT' })).then((secret) => secret.SecretString),
  ]);
  if (!pending || pending.length < MIN_KEY_LENGTH)
    throw new Error(`The pending signing key of ${secretId} is missing or shorter than ${MIN_KEY_LENGTH} characters`);
  if (pending === current) throw new Error(`The pending signing key of ${secretId} is the current one`);
  log.info('Pending signing key tested', { secretId, version: token });
}

async function finishSecret(secretId: string, token: string, versions: Record<string, string[]>): Promise<void> {
  const current = Object.entries(versions).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  if (current === token) return;
  await client.send(
    new UpdateSecretVersionStageCommand({
      SecretId: secretId,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: token,
      ...(current ? { RemoveFromVersionId: current } : {}),
    }),
  );
  log.info('Signing key rotated', { secretId, version: token, previous: current });
}

export async function handler(event: RotationEvent, context?: Pick<Context, 'awsRequestId'>): Promise<void> {
  setLogContext({ requestId: context?.awsRequestId, route: 'rotate-signing-key' });
  const { SecretId: secretId, ClientRequestToken: token, Step: step } = event;
  const metadata = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
  if (metadata.RotationEnabled === false) throw new Error(`Secret ${secretId} is not enabled for rotation`);
  const versions = metadata.VersionIdsToStages ?? {};
  const stages = versions[token];
  if (!stages) throw new Error(`Secret version ${token} has no stage for rotation of secret ${secretId}`);
  if (stages.includes('AWSCURRENT')) {
    log.info('Signing key version already current', { secretId, version: token, step });
    return;
  }
  if (!stages.includes('AWSPENDING')) throw new Error(`Secret version ${token} is not set as AWSPENDING for rotation of secret ${secretId}`);

  switch (step) {
    case 'createSecret':
      return createSecret(secretId, token);
    case 'setSecret':
      // The key is used only by this project's functions, which read it from this secret.
      return;
    case 'testSecret':
      return testSecret(secretId, token);
    case 'finishSecret':
      return finishSecret(secretId, token, versions);
    default:
      throw new Error(`Unknown rotation step ${String(step)}`);
  }
}
