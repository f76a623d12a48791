import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Secrets Manager's GetSecretValue over its JSON 1.1 protocol, for the code
 * that calls it as a signed HTTP request (functions/lib/secrets.ts). It answers from `versions` by
 * stage, records every request (stage and Authorization header), and can be told to fail, or to
 * hold its answers to see which requests a function sends together.
 */
export type FakeSecretsManager = {
  url: string;
  /** The secret's versions by stage, e.g. { AWSCURRENT: { id: 'v2', value: '...' } }. */
  versions: Partial<Record<string, { id: string; value: string }>>;
  /** When set, every request gets this error. */
  failWith?: { status: number; type: string; message: string };
  requests: Array<{ secretId: string; stage: string; target: string; authorization: string }>;
  /**
   * When set, no request is answered until this many are waiting at once (then all are), or until
   * a second has passed since it arrived: requests sent one after another never meet.
   */
  holdUntilWaiting?: number;
  /** The most requests that were waiting for their answer at the same time. */
  mostWaiting: number;
  close(): Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeSecretsManager(): Promise<FakeSecretsManager> {
  const fake: Omit<FakeSecretsManager, 'url' | 'close'> = { versions: {}, requests: [], mostWaiting: 0 };
  let waiting = 0;
  let held: Array<() => void> = [];
  const hold = () =>
    new Promise<void>((resolve) => {
      if (!fake.holdUntilWaiting) return resolve();
      held.push(resolve);
      if (waiting >= fake.holdUntilWaiting) {
        for (const release of held) release();
        held = [];
      } else setTimeout(resolve, 1000);
    });
  const server = createServer((request, response) => {
    waiting += 1;
    fake.mostWaiting = Math.max(fake.mostWaiting, waiting);
    response.on('close', () => (waiting -= 1));
    void readBody(request).then(async (text) => {
      const input = JSON.parse(text || '{}') as { SecretId?: string; VersionStage?: string };
      const stage = input.VersionStage ?? 'AWSCURRENT';
      fake.requests.push({
        secretId: input.SecretId ?? '',
        stage,
        target: String(request.headers['x-amz-target'] ?? ''),
        authorization: String(request.headers.authorization ?? ''),
      });
      await hold();
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify(body));
      };
      if (fake.failWith) return answer(fake.failWith.status, { __type: fake.failWith.type, message: fake.failWith.message });
      const version = fake.versions[stage];
      if (!version)
        return answer(400, { __type: 'ResourceNotFoundException', message: 'Secrets Manager can’t find the specified secret value for staging label' });
      return answer(200, { ARN: input.SecretId, Name: 'jwt', SecretString: version.value, VersionId: version.id, VersionStages: [stage] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeSecretsManager;
}
