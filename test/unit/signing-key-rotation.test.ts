import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { startFakeSecretsManager, type FakeSecretsManager } from '../support/fake-secrets-manager.ts';
import { mockClient } from 'aws-sdk-client-mock';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Auth from '../../functions/lib/auth.ts';
import type * as Rotation from '../../functions/jobs/rotate-signing-key.ts';

const secretsMock = mockClient(SecretsManagerClient);
const SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:forest-resort-test-jwt-AbCdEf';
const keys = { v0: 'k0-'.padEnd(64, '0'), v1: 'k1-'.padEnd(64, '1'), v2: 'k2-'.padEnd(64, '2'), v3: 'k3-'.padEnd(64, '3') };
type Version = keyof typeof keys;
const principal = { userId: 'u-1', role: 'admin', name: 'Asha', email: 'asha@example.com' } as const;
const notFound = () => new ResourceNotFoundException({ message: 'Secrets Manager can’t find the specified secret value', $metadata: {} });

/**
 * Functions read the key with a signed GetSecretValue request (functions/lib/secrets.ts), not the
 * SDK client: a local Secrets Manager stand-in answers it over HTTP.
 */
let secretsManager: FakeSecretsManager;
/** The secret as Secrets Manager would show it: which version is AWSCURRENT, which AWSPREVIOUS. */
function secretIs(current: Version, previous?: Version) {
  delete secretsManager.failWith;
  secretsManager.requests.length = 0;
  secretsManager.versions = {
    AWSCURRENT: { id: current, value: keys[current] },
    ...(previous ? { AWSPREVIOUS: { id: previous, value: keys[previous] } } : {}),
  };
}
const reads = () => secretsManager.requests.length;

/** A token as another container (or this one, before a rotation) signed it. */
const tokenSignedWith = (version: Version | 'none', key = keys[version === 'none' ? 'v1' : version]) =>
  new SignJWT({ role: principal.role, name: principal.name, email: principal.email })
    .setProtectedHeader(version === 'none' ? { alg: 'HS256' } : { alg: 'HS256', kid: version })
    .setSubject(principal.userId)
    .setIssuer('forest-resort')
    .setAudience('forest-resort:test')
    .setIssuedAt()
    .setExpirationTime('8h')
    .sign(new TextEncoder().encode(key));

describe('signing keys from Secrets Manager (kid, AWSCURRENT and AWSPREVIOUS)', () => {
  let auth: typeof Auth;
  const localSecret = process.env.JWT_SECRET;

  beforeAll(async () => {
    secretsManager = await startFakeSecretsManager();
    process.env.SECRETS_MANAGER_ENDPOINT = secretsManager.url;
    // The module reads its environment at load, as on Lambda: the key lives in Secrets Manager.
    delete process.env.JWT_SECRET;
    process.env.JWT_SECRET_ARN = SECRET_ARN;
    vi.resetModules();
    auth = await import('../../functions/lib/auth.ts');
  });
  afterAll(async () => {
    process.env.JWT_SECRET = localSecret;
    delete process.env.JWT_SECRET_ARN;
    vi.resetModules();
    await secretsManager.close();
  });
  beforeEach(() => {
    auth.resetSigningKeys();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('signs with AWSCURRENT and names its version as the kid', async () => {
    secretIs('v2', 'v1');
    const token = await auth.signAccessToken(principal);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', kid: 'v2' });
    expect(await auth.verifyAccessToken(token)).toEqual({ userId: 'u-1', role: 'admin', name: 'Asha', email: 'asha@example.com', tokenVersion: 0 });
  });

  it('reads the keys once per container, both versions in parallel', async () => {
    secretIs('v2', 'v1');
    await auth.signAccessToken(principal);
    await auth.verifyAccessToken(await tokenSignedWith('v1'));
    await auth.verifyAccessToken(await tokenSignedWith('v2'));
    expect(secretsManager.requests.map((request) => request.stage).sort()).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
  });

  it('asks GetSecretValue for this secret, SigV4-signed for secretsmanager with the container credentials and region', async () => {
    secretIs('v2', 'v1');
    await auth.signAccessToken(principal);
    for (const request of secretsManager.requests) {
      expect(request).toMatchObject({ secretId: SECRET_ARN, target: 'secretsmanager.GetSecretValue' });
      expect(request.authorization).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/\\d{8}/us-east-1/secretsmanager/aws4_request, SignedHeaders=[^,]*x-amz-target[^,]*, Signature=[0-9a-f]{64}$`,
        ),
      );
    }
  });

  it('keeps tokens signed before a rotation working: AWSPREVIOUS verifies its kid', async () => {
    secretIs('v2', 'v1');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v1'))).toMatchObject({ userId: 'u-1' });
  });

  it('keeps tokens from before key ids working: no kid is the current key, then the previous one', async () => {
    secretIs('v1');
    expect(await auth.verifyAccessToken(await tokenSignedWith('none', keys.v1))).toMatchObject({ userId: 'u-1' });
    auth.resetSigningKeys();
    // The first rotation made the original key AWSPREVIOUS.
    secretIs('v2', 'v1');
    expect(await auth.verifyAccessToken(await tokenSignedWith('none', keys.v1))).toMatchObject({ userId: 'u-1' });
    expect(await auth.verifyAccessToken(await tokenSignedWith('none', keys.v0))).toBeUndefined();
  });

  it('rejects a kid it knows signed with another key, and a key rotated out twice', async () => {
    secretIs('v2', 'v1');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v2', keys.v3))).toBeUndefined();
    expect(await auth.verifyAccessToken(await tokenSignedWith('v0'))).toBeUndefined();
  });

  it('re-reads the secret on an unknown kid (a rotation since this container started), at most once a minute', async () => {
    secretIs('v1', 'v0');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v1'))).toBeDefined();
    expect(reads()).toBe(2);

    // Secrets Manager rotates; another container signs with the new key.
    secretIs('v2', 'v1');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v2'))).toMatchObject({ userId: 'u-1' });
    expect(reads()).toBe(2);
    // This container now signs with the new key too, and still knows the previous one.
    expect(decodeProtectedHeader(await auth.signAccessToken(principal)).kid).toBe('v2');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v1'))).toBeDefined();

    // Made-up kids cost at most one read a minute.
    secretsManager.requests.length = 0;
    expect(await auth.verifyAccessToken(await tokenSignedWith('v3' as Version, keys.v3))).toBeUndefined();
    expect(await auth.verifyAccessToken(await tokenSignedWith('v3' as Version, keys.v3))).toBeUndefined();
    expect(reads()).toBe(0);
    vi.setSystemTime(new Date('2026-06-01T10:01:30Z'));
    expect(await auth.verifyAccessToken(await tokenSignedWith('v3' as Version, keys.v3))).toBeUndefined();
    expect(reads()).toBe(2);
    expect(await auth.verifyAccessToken(await tokenSignedWith('v3' as Version, keys.v3))).toBeUndefined();
    expect(reads()).toBe(2);
  });

  it('lets concurrent requests with the new kid share one re-read', async () => {
    secretIs('v1', 'v0');
    await auth.signAccessToken(principal);
    secretIs('v2', 'v1');
    const token = await tokenSignedWith('v2');
    const results = await Promise.all([auth.verifyAccessToken(token), auth.verifyAccessToken(token), auth.verifyAccessToken(token)]);
    expect(results.every((result) => result?.userId === 'u-1')).toBe(true);
    expect(reads()).toBe(2);
  });

  it('signs and verifies with a secret never rotated (no AWSPREVIOUS)', async () => {
    secretIs('v1');
    const token = await auth.signAccessToken(principal);
    expect(decodeProtectedHeader(token).kid).toBe('v1');
    expect(await auth.verifyAccessToken(token)).toBeDefined();
  });

  it('fails closed when the secret cannot be read, and reads again on the next call', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    secretsManager.failWith = { status: 400, type: 'AccessDeniedException', message: 'not authorized to perform secretsmanager:GetSecretValue' };
    await expect(auth.signAccessToken(principal)).rejects.toThrow('AccessDeniedException');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v1'))).toBeUndefined();
    secretIs('v1');
    expect(await auth.verifyAccessToken(await tokenSignedWith('v1'))).toBeDefined();
    logged.mockRestore();
  });
});

describe('signing key with JWT_SECRET (local runs)', () => {
  it('signs with the one local key, kid "local", and still verifies tokens without a kid', async () => {
    secretsManager.requests.length = 0;
    const auth = await import('../../functions/lib/auth.ts');
    auth.resetSigningKeys();
    const token = await auth.signAccessToken(principal);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', kid: auth.LOCAL_KEY_ID });
    expect(await auth.verifyAccessToken(token)).toBeDefined();
    expect(await auth.verifyAccessToken(await tokenSignedWith('none', process.env.JWT_SECRET))).toBeDefined();
    expect(secretsManager.requests).toHaveLength(0);
  });
});

describe('rotation function', () => {
  let rotation: typeof Rotation;
  const token = 'v2';
  const describeAs = (stages: Record<string, string[]>, rotationEnabled = true) =>
    secretsMock.on(DescribeSecretCommand, { SecretId: SECRET_ARN }).resolves({ ARN: SECRET_ARN, RotationEnabled: rotationEnabled, VersionIdsToStages: stages });
  const step = (Step: Rotation.RotationStep) => rotation.handler({ SecretId: SECRET_ARN, ClientRequestToken: token, Step });

  beforeAll(async () => {
    rotation = await import('../../functions/jobs/rotate-signing-key.ts');
  });
  beforeEach(() => {
    secretsMock.reset();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('createSecret: puts a fresh random key as the AWSPENDING version', async () => {
    describeAs({ v1: ['AWSCURRENT'], v2: ['AWSPENDING'] });
    secretsMock.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: keys.v1, VersionId: 'v1' });
    secretsMock.on(GetSecretValueCommand, { VersionStage: 'AWSPENDING' }).rejects(notFound());
    await step('createSecret');
    const [put] = secretsMock.commandCalls(PutSecretValueCommand);
    expect(put?.args[0].input).toMatchObject({ SecretId: SECRET_ARN, ClientRequestToken: 'v2', VersionStages: ['AWSPENDING'] });
    const key = String(put?.args[0].input.SecretString);
    expect(key).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(key).not.toBe(rotation.newSigningKey());
  });

  it('createSecret retried: the pending key already exists, nothing is put twice', async () => {
    describeAs({ v1: ['AWSCURRENT'], v2: ['AWSPENDING'] });
    secretsMock.on(GetSecretValueCommand).resolves({ SecretString: keys.v2, VersionId: 'v2' });
    await step('createSecret');
    expect(secretsMock.commandCalls(PutSecretValueCommand)).toHaveLength(0);
  });

  it('setSecret: nothing outside the secret holds the key', async () => {
    describeAs({ v1: ['AWSCURRENT'], v2: ['AWSPENDING'] });
    await step('setSecret');
    expect(secretsMock.calls().map((call) => call.args[0].constructor.name)).toEqual(['DescribeSecretCommand']);
  });

  it('testSecret: accepts a long, new key; refuses a short one or the current one', async () => {
    describeAs({ v1: ['AWSCURRENT'], v2: ['AWSPENDING'] });
    secretsMock.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: keys.v1, VersionId: 'v1' });
    secretsMock.on(GetSecretValueCommand, { VersionStage: 'AWSPENDING' }).resolves({ SecretString: keys.v2, VersionId: 'v2' });
    await expect(step('testSecret')).resolves.toBeUndefined();
    secretsMock.on(GetSecretValueCommand, { VersionStage: 'AWSPENDING' }).resolves({ SecretString: 'short', VersionId: 'v2' });
    await expect(step('testSecret')).rejects.toThrow(/shorter than 32/);
    secretsMock.on(GetSecretValueCommand, { VersionStage: 'AWSPENDING' }).resolves({ SecretString: keys.v1, VersionId: 'v2' });
    await expect(step('testSecret')).rejects.toThrow(/is the current one/);
  });

  it('finishSecret: moves AWSCURRENT to the new version, from the old one', async () => {
    describeAs({ v1: ['AWSCURRENT'], v0: ['AWSPREVIOUS'], v2: ['AWSPENDING'] });
    await step('finishSecret');
    expect(secretsMock.commandCalls(UpdateSecretVersionStageCommand)[0]?.args[0].input).toEqual({
      SecretId: SECRET_ARN,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: 'v2',
      RemoveFromVersionId: 'v1',
    });
  });

  it('does nothing for a version already current, and refuses one not pending or a secret not rotating', async () => {
    describeAs({ v2: ['AWSCURRENT', 'AWSPENDING'], v1: ['AWSPREVIOUS'] });
    await step('finishSecret');
    expect(secretsMock.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);
    secretsMock.reset();
    describeAs({ v1: ['AWSCURRENT'], v2: [] });
    await expect(step('createSecret')).rejects.toThrow(/not set as AWSPENDING/);
    secretsMock.reset();
    describeAs({ v1: ['AWSCURRENT'] });
    await expect(step('createSecret')).rejects.toThrow(/has no stage/);
    secretsMock.reset();
    describeAs({ v1: ['AWSCURRENT'], v2: ['AWSPENDING'] }, false);
    await expect(step('createSecret')).rejects.toThrow(/not enabled for rotation/);
  });
});
