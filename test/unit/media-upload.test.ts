import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it, vi } from 'vitest';
import { documentClient } from '../../functions/lib/db/client.ts';
import { policySignature, presignedPost, type PostPolicy } from '../../functions/lib/media/post-policy.ts';
import { checkUpload } from '../../infra/local/media-store.ts';
import { IMAGE_CACHE_CONTROL, imageKey, imageSrcSet, imageWidths } from '../../shared/media.ts';

const sha256 = documentClient.config.sha256;
const exampleKeys = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
/** One 1,600 px WebP copy's upload, as the function asks for it: to the bucket's regional endpoint (MEDIA_UPLOAD_URL), 3 MB, ten minutes. */
const photoUpload = (now: Date) => ({
  url: 'https://site-bucket.s3.ap-south-1.amazonaws.com/',
  bucket: 'site-bucket',
  key: 'media/photo-1600w.webp',
  contentType: 'image/webp',
  cacheControl: IMAGE_CACHE_CONTROL,
  maxBytes: 3_000_000,
  expiresSeconds: 600,
  now,
});

describe('the POST policy signer', () => {
  it('signs a published policy to its published signature (AWS example keys, 2013-08-06, us-east-1)', async () => {
    // The s3-post-policy package's documented example, computed without the AWS SDK.
    const policy =
      'eyJleHBpcmF0aW9uIjoiMjAxMy0wOC0wNlQxMjowMDowMC4wMDBaIiwiY29uZGl0aW9ucyI6W3siYWNsIjoicHVibGljLXJlYWQifSxbInN0YXJ0cy13aXRoIiwiJENvbnRlbnQtVHlwZSIsImltYWdlLyJdLFsic3RhcnRzLXdpdGgiLCIka2V5IiwidXNlci91c2VyMS8iXSxbInN0YXJ0cy13aXRoIiwiJHgtYW16LW1ldGEtdGFnIiwiIl0seyJ4LWFtei1tZXRhLXV1aWQiOiIxNDM2NTEyMzY1MTI3NCJ9LHsiYnVja2V0IjoiZXhhbXBsZWJ1Y2tldCJ9LHsieC1hbXotYWxnb3JpdGhtIjoiQVdTNC1ITUFDLVNIQTI1NiJ9LHsieC1hbXotY3JlZGVudGlhbCI6IkFLSUFJT1NGT0ROTjdFWEFNUExFLzIwMTMwODA2L3VzLWVhc3QtMS9zMy9hd3M0X3JlcXVlc3QifSx7IngtYW16LWRhdGUiOiIyMDEzMDgwNlQxMjAwMDBaIn1dfQ==';
    await expect(policySignature(policy, { credentials: exampleKeys, region: 'us-east-1', sha256 }, '20130806')).resolves.toBe(
      '5bc8a7be4a6fc6445b94d0f4096f8cf3dfa00303529f8a68ea7dc0c23bb83cd9',
    );
  });

  it('names the key, the type, the cache header, the credential scope and the size limit, and signs what it names', async () => {
    const now = new Date('2026-11-24T08:30:15.123Z');
    const signing = { credentials: { ...exampleKeys, sessionToken: 'session-token' }, region: 'ap-south-1', sha256 };
    const { url, fields } = await presignedPost(photoUpload(now), signing);
    expect(url).toBe('https://site-bucket.s3.ap-south-1.amazonaws.com/');
    expect(fields).toMatchObject({
      key: 'media/photo-1600w.webp',
      'Content-Type': 'image/webp',
      'Cache-Control': IMAGE_CACHE_CONTROL,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20261124/ap-south-1/s3/aws4_request',
      'X-Amz-Date': '20261124T083015Z',
      'X-Amz-Security-Token': 'session-token',
    });
    const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as PostPolicy;
    expect(policy.expiration).toBe('2026-11-24T08:40:15Z');
    expect(policy.conditions).toEqual([
      { key: 'media/photo-1600w.webp' },
      { 'Content-Type': 'image/webp' },
      { 'Cache-Control': IMAGE_CACHE_CONTROL },
      { bucket: 'site-bucket' },
      { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
      { 'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20261124/ap-south-1/s3/aws4_request' },
      { 'X-Amz-Date': '20261124T083015Z' },
      { 'X-Amz-Security-Token': 'session-token' },
      ['content-length-range', 1, 3_000_000],
    ]);
  });

  it("builds the form the AWS SDK's createPresignedPost builds, and signs the SDK's policy to the SDK's signature", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T08:30:15.123Z'), toFake: ['Date'] });
    try {
      const credentials = { ...exampleKeys, sessionToken: 'session-token' };
      const contentFields = { 'Content-Type': 'image/webp', 'Cache-Control': IMAGE_CACHE_CONTROL };
      const theirs = await createPresignedPost(new S3Client({ region: 'ap-south-1', credentials }), {
        Bucket: 'site-bucket',
        Key: 'media/photo-1600w.webp',
        Conditions: [['content-length-range', 1, 3_000_000]],
        Fields: contentFields,
        Expires: 600,
      });
      const signing = { credentials, region: 'ap-south-1', sha256 };
      const ours = await presignedPost(photoUpload(new Date()), signing);
      expect(ours.url).toBe(theirs.url);
      const { Policy: theirPolicy = '', 'X-Amz-Signature': theirSignature, ...theirFields } = theirs.fields;
      const { Policy: ourPolicy = '', 'X-Amz-Signature': _ours, ...ourFields } = ours.fields;
      expect(ourFields).toEqual(theirFields);
      const decoded = (policy: string) => {
        const { expiration, conditions } = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PostPolicy;
        return { expiration, conditions: conditions.map((condition) => JSON.stringify(condition)).sort() };
      };
      // The same conditions, listed in another order.
      expect(decoded(ourPolicy)).toEqual(decoded(theirPolicy));
      await expect(policySignature(theirPolicy, signing, '20261124')).resolves.toBe(theirSignature);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('image copies', () => {
  it('keeps the smaller copies below the largest, and builds their srcset from the saved path', () => {
    expect(imageWidths(1600)).toEqual([1600, 800, 400]);
    expect(imageWidths(1000)).toEqual([1000, 800, 400]);
    expect(imageWidths(800)).toEqual([800, 400]);
    expect(imageWidths(400)).toEqual([400]);
    const id = '2f1c9f57-7a43-4a55-9a0d-0c4b1d8b7e21';
    expect(imageKey(id, 1600, 'image/jpeg')).toBe(`media/${id}-1600w.jpg`);
    expect(imageSrcSet(`/media/${id}-1000w.webp`)).toBe(`/media/${id}-400w.webp 400w, /media/${id}-800w.webp 800w, /media/${id}-1000w.webp 1000w`);
    expect(imageSrcSet('/images/villas/hornbill-villa.svg')).toBeUndefined();
    expect(imageSrcSet(`/media/${id}-1000w.webp?x=1`)).toBeUndefined();
  });
});

describe('the local stand-in for S3 browser uploads', () => {
  const upload = async (overrides: { now?: Date; size?: number; fields?: Record<string, string>; maxBytes?: number } = {}) => {
    const { config } = documentClient;
    const signed = await presignedPost(
      {
        url: '/_media/upload',
        bucket: 'local-media',
        key: 'media/abc-800w.webp',
        contentType: 'image/webp',
        cacheControl: IMAGE_CACHE_CONTROL,
        maxBytes: overrides.maxBytes ?? 1000,
        expiresSeconds: 600,
        now: new Date('2026-11-24T08:00:00Z'),
      },
      { credentials: await config.credentials(), region: await config.region(), sha256: config.sha256 },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...signed.fields, ...overrides.fields })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(overrides.size ?? 10)], { type: 'image/webp' }), 'photo.webp');
    return checkUpload(form, overrides.now ?? new Date('2026-11-24T08:05:00Z'));
  };

  it('takes a signed upload within its policy', async () => {
    const { key, file } = await upload();
    expect(key).toBe('media/abc-800w.webp');
    expect(file.size).toBe(10);
  });

  it('refuses an expired policy, a larger file, a changed field, an extra field and a forged signature', async () => {
    await expect(upload({ now: new Date('2026-11-24T08:10:01Z') })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('expired') });
    await expect(upload({ size: 1001 })).rejects.toMatchObject({ status: 400, code: 'EntityTooLarge' });
    await expect(upload({ fields: { key: 'media/../../etc-passwd' } })).rejects.toMatchObject({ status: 403 });
    await expect(upload({ fields: { 'Content-Type': 'text/html' } })).rejects.toMatchObject({ status: 403 });
    await expect(upload({ fields: { 'x-amz-meta-owner': 'me' } })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('Extra input fields'),
    });
    await expect(upload({ fields: { 'X-Amz-Signature': '0'.repeat(64) } })).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });
});
