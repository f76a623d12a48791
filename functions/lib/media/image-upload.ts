import * as z from 'zod/mini';
import { randomUUID } from 'node:crypto';
import { IMAGE_CACHE_CONTROL, MAX_IMAGE_BYTES, imageKey, imageWidths, type ImageUpload, type ImageUploadRequest } from '../../../shared/media.ts';
import { documentClient } from '../db/client.ts';
import { parseEnvironment } from '../config.ts';
import { presignedPost, type SigningPieces } from './post-policy.ts';

/** How long a signed upload may be used: the browser posts right after asking. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

const mediaEnvironment = z.object({
  MEDIA_BUCKET: z.string('Required').check(z.trim(), z.minLength(1, 'Required')),
  MEDIA_UPLOAD_URL: z.string('Required').check(z.trim(), z.minLength(1, 'Required')),
});
let store: z.infer<typeof mediaEnvironment> | undefined;

/**
 * Where uploads go, read once: MEDIA_BUCKET (the site bucket) and MEDIA_UPLOAD_URL (its regional
 * endpoint on AWS; the local server's `/_media/upload` under `npm start`).
 */
const mediaStore = () => (store ??= parseEnvironment(mediaEnvironment, process.env));

/** What signs for this function: the credentials, region and hash its one SDK client holds (locally, the function environment's). */
export async function clientSigning(): Promise<SigningPieces> {
  const { config } = documentClient;
  return { credentials: await config.credentials(), region: await config.region(), sha256: config.sha256 };
}

/**
 * One signed upload per copy of a new image (shared/media.ts): each may be only its own key, its
 * type, the year-long cache header and at most MAX_IMAGE_BYTES, for ten minutes.
 */
export async function signImageUpload(request: ImageUploadRequest, now = new Date()): Promise<ImageUpload> {
  const { MEDIA_BUCKET: bucket, MEDIA_UPLOAD_URL: uploadUrl } = mediaStore();
  const signing = await clientSigning();
  const id = randomUUID();
  const uploads = await Promise.all(
    imageWidths(request.width).map(async (width) => ({
      width,
      ...(await presignedPost(
        {
          url: uploadUrl,
          bucket,
          key: imageKey(id, width, request.contentType),
          contentType: request.contentType,
          cacheControl: IMAGE_CACHE_CONTROL,
          maxBytes: MAX_IMAGE_BYTES,
          expiresSeconds: UPLOAD_EXPIRES_SECONDS,
          now,
        },
        signing,
      )),
    })),
  );
  return { image: `/${imageKey(id, request.width, request.contentType)}`, uploads };
}
