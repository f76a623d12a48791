import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sirv from 'sirv';
import { IMAGE_CACHE_CONTROL, MAX_IMAGE_BYTES } from '../../shared/media.ts';
import { clientSigning } from '../../functions/lib/media/image-upload.ts';
import { policySignature, type PostPolicy } from '../../functions/lib/media/post-policy.ts';
import { BodyTooLargeError, readBody } from './http-adapter.ts';

/*
 * S3's browser upload, locally: `POST /_media/upload` takes the same signed form the API hands out
 * on AWS (functions/lib/media/post-policy.ts) and checks it as S3 does (the signature under the
 * function environment's credentials, the expiry, every condition, no field the policy does not
 * name, the size), then writes the file under the data folder's `media/`, which `/media/*` serves
 * as CloudFront serves the bucket's `media/` (docs/product.md#images).
 */

export const MEDIA_UPLOAD_PATH = '/_media/upload';
export const MEDIA_PATH = '/media/';

/** The form around the file: its fields are a few kilobytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Fields S3 takes without a condition: the signature itself, the policy, the file. */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);
/** A key the local folder can hold: `media/` and one plain file name. */
const LOCAL_KEY = /^media\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?$/;

class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Checks one upload as S3 would, and returns the key and the file. */
export async function checkUpload(form: FormData, now = new Date()): Promise<{ key: string; file: Blob }> {
  const fields = new Map<string, string>();
  let file: Blob | undefined;
  for (const [name, value] of form) {
    if (name.toLowerCase() === 'file') {
      if (typeof value === 'string') throw new UploadRefused(400, 'InvalidArgument', 'The file must be sent as a file');
      file = value;
    } else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const date = fields.get('x-amz-date') ?? '';
  if (!file || !policyText || !signature) throw new UploadRefused(400, 'InvalidArgument', 'A POST upload needs Policy, X-Amz-Signature and file');

  const expected = await policySignature(policyText, await clientSigning(), date.slice(0, 8));
  if (!sameText(signature, expected))
    throw new UploadRefused(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided');

  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    throw new UploadRefused(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON');
  }
  if (!(Date.parse(policy.expiration) > now.getTime())) throw new UploadRefused(403, 'AccessDenied', 'Invalid according to Policy: Policy expired');

  const named = new Set<string>();
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [operator, first, second] = condition;
      if (operator === 'content-length-range') {
        if (file.size < Number(first) || file.size > Number(second)) {
          throw new UploadRefused(400, 'EntityTooLarge', 'Your proposed upload is outside the size the policy allows');
        }
      } else {
        const name = String(first).replace(/^\$/, '').toLowerCase();
        named.add(name);
        const value = fields.get(name) ?? '';
        if (operator === 'eq' ? value !== second : operator === 'starts-with' ? !value.startsWith(String(second)) : true) {
          throw new UploadRefused(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
        }
      }
    } else {
      for (const [name, expectedValue] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (fields.get(name.toLowerCase()) !== expectedValue) {
          throw new UploadRefused(
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", ${JSON.stringify(expectedValue)}]`,
          );
        }
      }
    }
  }
  for (const name of fields.keys()) {
    if (!UNCONDITIONED.has(name) && !named.has(name) && !name.startsWith('x-ignore-')) {
      throw new UploadRefused(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
  const key = fields.get('key') ?? '';
  if (!LOCAL_KEY.test(key)) throw new UploadRefused(400, 'InvalidArgument', 'The key must be media/ and a file name');
  return { key, file };
}

const answer = (response: ServerResponse, status: number, body?: { code: string; message: string }) => {
  response.writeHead(status, body ? { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } : { 'cache-control': 'no-store' });
  response.end(body ? JSON.stringify(body) : undefined);
};

/** The local stand-in for the site bucket's `media/`: its upload endpoint and its files. */
export function createMediaStore(mediaDir: string) {
  const files = sirv(mediaDir, {
    dev: true,
    setHeaders: (response) => {
      response.setHeader('cache-control', IMAGE_CACHE_CONTROL);
      response.setHeader('x-content-type-options', 'nosniff');
    },
  });

  async function upload(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') return answer(response, 405, { code: 'MethodNotAllowed', message: 'Uploads are POSTed' });
    try {
      const body = await readBody(request, MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES).catch((error: unknown) => {
        throw error instanceof BodyTooLargeError ? new UploadRefused(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size') : error;
      });
      let form: FormData;
      try {
        form = await new Request('http://localhost/', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        }).formData();
      } catch {
        throw new UploadRefused(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data');
      }
      const { key, file } = await checkUpload(form);
      const target = join(mediaDir, key.slice('media/'.length));
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      await writeFile(partial, Buffer.from(await file.arrayBuffer()));
      await rename(partial, target);
      answer(response, 204);
    } catch (error) {
      if (error instanceof UploadRefused) return answer(response, error.status, { code: error.code, message: error.message });
      throw error;
    }
  }

  function serve(request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '').slice(MEDIA_PATH.length - 1);
    request.url = path;
    files(request, response, () => answer(response, 404, { code: 'NoSuchKey', message: 'The specified key does not exist.' }));
  }

  return { upload, serve };
}
