import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, type ImageUpload, type SignedUpload } from '../../shared/media.ts';
import { accountWithToken } from '../support/accounts.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { rawRequest } from '../support/raw-requests.ts';

/**
 * Image uploads for villa types (issue 17), through the real local stack: the API signs one S3
 * browser upload per copy, the local server checks each as S3 would and keeps the file in the data
 * folder's media/, which /media/ serves; the saved image is what guests' cards show.
 */
const root = mkdtempSync(join(tmpdir(), 'resort-media-test-'));
const mediaDir = join(root, 'media');
// Beside the media folder, as the data folder's secrets are: never reachable through /media/.
writeFileSync(join(root, 'local-secrets.json'), '{"jwtSecret":"not-for-the-web"}');
const stack = useTestStack({ mediaDir });
const { call } = useCatalogueAdmin(stack);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const base = () => stack.api.replace(/\/api$/, '');
const bytesOf = (size: number, fill: number): Uint8Array<ArrayBuffer> => new Uint8Array(new ArrayBuffer(size)).fill(fill);

async function post(upload: SignedUpload, file: Uint8Array<ArrayBuffer>, type = 'image/webp', extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...extra })) form.append(name, value);
  form.append('file', new Blob([file], { type }), 'photo.webp');
  const response = await fetch(new URL(upload.url, base()), { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
}

describe('image uploads', () => {
  it('signs an upload per copy; each copy is kept and served for a year, and a new villa type shows it to guests', async () => {
    const signed = await call('POST', '/admin/media', { contentType: 'image/webp', width: 1200 });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const { image, uploads } = signed.body.data as ImageUpload;
    expect(image).toMatch(/^\/media\/[0-9a-f-]{36}-1200w\.webp$/);
    expect(uploads.map((upload) => upload.width)).toEqual([1200, 800, 400]);
    expect(uploads.every((upload) => upload.url === '/_media/upload')).toBe(true);

    for (const [index, upload] of uploads.entries()) {
      expect(await post(upload, bytesOf(1000 + index, index + 1))).toEqual({ status: 204, text: '' });
    }
    const served = await fetch(`${base()}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytesOf(1000, 1));
    const smallest = await fetch(`${base()}${image.replace('-1200w', '-400w')}`);
    expect(new Uint8Array(await smallest.arrayBuffer())).toEqual(bytesOf(1002, 3));

    const created = await call('POST', '/cottages/admin/create', {
      name: 'Canopy Loft',
      description: 'A loft among the branches.',
      price_per_night: 14000,
      capacity: 2,
      amenities: 'Deck',
      status: 'active',
      images: [image],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const cards = (await getJson<Array<{ type: string; images: string[] }>>(`${stack.api}/cottages`)).body.data ?? [];
    expect(cards.find((card) => card.type === 'canopy-loft')?.images).toEqual([image]);
  });

  it('refuses a file over the limit, a changed key or type and a forged policy, and keeps nothing of them', async () => {
    const { uploads } = (await call('POST', '/admin/media', { contentType: 'image/jpeg', width: 400 })).body.data as ImageUpload;
    const [upload] = uploads;
    if (!upload) throw new Error('no upload');
    const key = upload.fields.key ?? '';
    expect(key).toMatch(/^media\/[0-9a-f-]{36}-400w\.jpg$/);

    const tooLarge = await post(upload, bytesOf(MAX_IMAGE_BYTES + 1, 7), 'image/jpeg');
    expect(tooLarge.status).toBe(400);
    expect(JSON.parse(tooLarge.text)).toMatchObject({ code: 'EntityTooLarge' });
    expect((await post(upload, bytesOf(10, 7), 'image/jpeg', { key: 'media/index.html' })).status).toBe(403);
    expect((await post(upload, bytesOf(10, 7), 'text/html', { 'Content-Type': 'text/html' })).status).toBe(403);
    const forgedPolicy = Buffer.from(JSON.stringify({ expiration: '2099-01-01T00:00:00Z', conditions: [] })).toString('base64');
    expect((await post(upload, bytesOf(10, 7), 'image/jpeg', { Policy: forgedPolicy })).status).toBe(403);
    expect((await fetch(`${base()}/${key}`)).status).toBe(404);

    // A body far past the limit is refused before it is read.
    const huge = await post(upload, bytesOf(MAX_IMAGE_BYTES + 200_000, 7), 'image/jpeg');
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.text)).toMatchObject({ code: 'EntityTooLarge' });
    // The signed form itself still works, within its ten minutes.
    expect((await post(upload, bytesOf(10, 7), 'image/jpeg')).status).toBe(204);
    expect((await fetch(`${base()}/${key}`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('serves nothing outside the media folder', async () => {
    const port = Number(new URL(base()).port);
    for (const path of ['/media/../local-secrets.json', '/media/%2e%2e/local-secrets.json', '/media/..%2flocal-secrets.json']) {
      const answer = await rawRequest(port, path, `127.0.0.1:${port}`);
      expect(answer.body, path).not.toContain('not-for-the-web');
    }
  });

  it('checks the request: WebP or JPEG, 400-1,600 px wide, managers only', async () => {
    const gif = await call('POST', '/admin/media', { contentType: 'image/gif', width: 800 });
    expect(gif.status).toBe(400);
    expect(gif.body.details?.contentType).toEqual(['Images are uploaded as WebP or JPEG']);
    const wide = await call('POST', '/admin/media', { contentType: 'image/webp', width: 4000 });
    expect(wide.body.details?.width).toEqual(['Shrink the photo to at most 1600 pixels wide first']);
    const narrow = await call('POST', '/admin/media', { contentType: 'image/webp', width: 120 });
    expect(narrow.body.details?.width).toEqual(['The photo must be at least 400 pixels wide']);

    const body = JSON.stringify({ contentType: 'image/webp', width: 800 });
    const headers = { 'content-type': 'application/json' };
    expect((await fetch(`${stack.api}/admin/media`, { method: 'POST', headers, body })).status).toBe(401);
    const staff = await accountWithToken('staff');
    expect((await fetch(`${stack.api}/admin/media`, { method: 'POST', headers: { ...headers, authorization: staff.authorization }, body })).status).toBe(403);
  });
});
