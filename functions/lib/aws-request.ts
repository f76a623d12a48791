import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Readable } from 'node:stream';
import { documentClient } from './db/client.ts';

/**
 * One SigV4-signed request to an AWS service's API, made with the pieces the container's one SDK
 * client already holds: its credentials, hash, region and HTTP handler. A whole SDK client per
 * service would weigh on every cold start of the functions that make one call to it
 * (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor); the signer and the handler are in
 * the floor already. Used for Secrets Manager's GetSecretValue and Lambda's Invoke.
 */
const clientConfig = documentClient.config;
const signers = new Map<string, Promise<SignatureV4>>();

function signerFor(service: string): Promise<SignatureV4> {
  let signer = signers.get(service);
  if (!signer) {
    signer = clientConfig.region().then((region) => new SignatureV4({ service, region, credentials: clientConfig.credentials, sha256: clientConfig.sha256 }));
    signers.set(service, signer);
  }
  return signer;
}

export const awsRegion = (): Promise<string> => clientConfig.region();

async function readBody(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export type SignedAnswer = { statusCode: number; headers: Record<string, string | undefined>; text: string };

export async function sendSigned(input: {
  service: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<SignedAnswer> {
  const { url } = input;
  const request = new HttpRequest({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    headers: { host: url.host, 'content-length': String(Buffer.byteLength(input.body)), ...input.headers },
    body: input.body,
  });
  const signed = await (await signerFor(input.service)).sign(request);
  const { response } = await clientConfig.requestHandler.handle(signed as HttpRequest, { requestTimeout: input.timeoutMs });
  return { statusCode: response.statusCode, headers: response.headers, text: await readBody(response.body) };
}
