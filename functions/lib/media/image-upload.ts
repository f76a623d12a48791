import { randomUUID } from 'node:crypto';
import { IMAGE_CACHE_CONTROL, MAX_IMAGE_BYTES, imageKey, imageWidths, type ImageUpload, type ImageUploadRequest } from '../../../shared/media.ts';
import { documentClient } from '../db/client.ts';
import { presignedPost } from './post-policy.ts';

/** How long a signed upload may be used: the browser posts right after asking. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

type MediaStore = { bucket: string; uploadUrl: string };
let store: MediaStore | undefined;

/**
 * Where uploads go, from the function's environment: MEDIA_BUCKET (the site bucket) and
 * MEDIA_UPLOAD_URL (its regional endpoint on AWS; the local server's `/_media/upload` under `npm start`).
 */
function mediaStore(env: NodeJS.ProcessEnv = process.env): MediaStore {
  if (store) return store;
  const bucket = env.MEDIA_BUCKET?.trim();
  const uploadUrl = env.MEDIA_UPLOAD_URL?.trim();
  const missing = Object.entries({ MEDIA_BUCKET: bucket, MEDIA_UPLOAD_URL: uploadUrl }).flatMap(([name, value]) => (value ? [] : `${name}: Required`));
  if (missing.length) throw new Error(`Invalid function configuration: ${missing.join('; ')}`);
  store = { bucket: bucket as string, uploadUrl: uploadUrl as string };
  return store;
}

/**
 * One signed upload per copy of a new image (shared/media.ts): each may be only its own key, its
 * type, the year-long cache header and at most MAX_IMAGE_BYTES, for ten minutes.
 */
export async function signImageUpload(request: ImageUploadRequest, now = new Date()): Promise<ImageUpload> {
  const { bucket, uploadUrl } = mediaStore();
  const { config } = documentClient;
  const signing = { credentials: await config.credentials(), region: await config.region(), sha256: config.sha256 };
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
