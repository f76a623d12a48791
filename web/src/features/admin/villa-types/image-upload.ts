import { z } from 'zod/mini';
import { MAX_IMAGE_BYTES, MAX_IMAGE_WIDTH, MAX_SOURCE_BYTES, MIN_IMAGE_WIDTH, imageWidths, type ImageType } from '@shared/media';
import { adminRequest } from '../api/admin-request';

/*
 * A photo from the staff's device to the villa type's images (docs/product.md#images): shrunk here
 * to at most 1,600 px (WebP; JPEG where the browser cannot encode WebP) with 800 and 400 px copies
 * for srcset, then each copy posted straight to storage with the form the API signed for it.
 */

/** A problem with one photo, said so staff know what to do. */
export class ImageProblem extends Error {}

export type ImageCopy = { width: number; blob: Blob };
export type ShrunkImage = { type: ImageType; copies: ImageCopy[] };

/** Above this a photo is not from a camera (and a phone's browser may not hold it twice over). */
const MAX_SOURCE_PIXELS = 60_000_000;
/** A storage post that has not answered in this long is given up. */
const UPLOAD_TIMEOUT_MS = 60_000;
const WEBP_QUALITY = 0.82;
const JPEG_QUALITY = 0.85;

function encode(bitmap: ImageBitmap, width: number, type: ImageType, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
  const context = canvas.getContext('2d');
  if (!context) throw new ImageProblem('This browser cannot shrink photos: try another browser.');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => {
        // The canvas's pixels are released now, not when the collector comes by.
        canvas.width = 0;
        canvas.height = 0;
        if (blob) resolve(blob);
        else reject(new ImageProblem('This browser could not shrink the photo: try another browser.'));
      },
      type,
      quality,
    ),
  );
}

/** The photo's copies, largest first; the browser applies the camera's orientation when it reads it. */
export async function shrinkImage(file: File): Promise<ShrunkImage> {
  if (file.size > MAX_SOURCE_BYTES) throw new ImageProblem(`${file.name} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB: choose a smaller photo.`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageProblem(`${file.name} could not be read as a photo: use a JPEG, PNG or WebP image.`);
  }
  try {
    if (bitmap.width * bitmap.height > MAX_SOURCE_PIXELS)
      throw new ImageProblem(`${file.name} has more than ${MAX_SOURCE_PIXELS / 1_000_000} megapixels: choose a smaller photo.`);
    if (bitmap.width < MIN_IMAGE_WIDTH)
      throw new ImageProblem(`${file.name} is only ${bitmap.width} px wide: use a photo at least ${MIN_IMAGE_WIDTH} px wide.`);
    const widths = imageWidths(Math.min(bitmap.width, MAX_IMAGE_WIDTH));
    const [largest = MAX_IMAGE_WIDTH] = widths;
    let type: ImageType = 'image/webp';
    let first = await encode(bitmap, largest, type, WEBP_QUALITY);
    // A browser that cannot encode WebP hands back a PNG: JPEG is smaller for a photo.
    if (first.type !== 'image/webp') {
      type = 'image/jpeg';
      first = await encode(bitmap, largest, type, JPEG_QUALITY);
    }
    const copies: ImageCopy[] = [{ width: largest, blob: first }];
    for (const width of widths.slice(1)) copies.push({ width, blob: await encode(bitmap, width, type, type === 'image/webp' ? WEBP_QUALITY : JPEG_QUALITY) });
    if (copies.some((copy) => copy.blob.size > MAX_IMAGE_BYTES))
      throw new ImageProblem(`${file.name} is still over ${MAX_IMAGE_BYTES / 1024 / 1024} MB once shrunk.`);
    return { type, copies };
  } finally {
    bitmap.close();
  }
}

const imageUploadSchema = z.object({
  image: z.string(),
  uploads: z.array(z.object({ width: z.number(), url: z.string(), fields: z.record(z.string(), z.string()) })),
});

/** Shrinks and uploads one photo; the answer is the path to save among the type's images. */
export async function uploadImage(file: File, shrink: (file: File) => Promise<ShrunkImage> = shrinkImage): Promise<string> {
  const { type, copies } = await shrink(file);
  const signed = await adminRequest('/admin/media', imageUploadSchema, { method: 'POST', body: { contentType: type, width: copies[0]?.width } });
  await Promise.all(
    signed.uploads.map(async (upload) => {
      const copy = copies.find((each) => each.width === upload.width);
      if (!copy) throw new ImageProblem(`${file.name} could not be uploaded. Please try again.`);
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
      form.append('file', copy.blob);
      let response: Response;
      try {
        response = await fetch(upload.url, { method: 'POST', body: form, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
      } catch {
        throw new ImageProblem(`${file.name} could not be uploaded: the storage did not answer. Please try again.`);
      }
      if (!response.ok) throw new ImageProblem(`${file.name} could not be uploaded (storage answered ${response.status}). Please try again.`);
    }),
  );
  return signed.image;
}
