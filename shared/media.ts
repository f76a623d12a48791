/*
 * Images staff upload for villa types (docs/product.md#images): the browser shrinks each photo to
 * at most MAX_IMAGE_WIDTH px and encodes it as WebP (JPEG where the browser cannot encode WebP),
 * with smaller copies beside it for `srcset`; the API signs one upload per copy
 * (POST /api/admin/media) and the copies go straight to storage (the site bucket's `media/` on
 * AWS, the data folder under `npm start`), where the site serves them from `/media/`.
 */

/** How wide a villa card's photo is shown (its `sizes`): 360 px from a tablet up, most of a phone's width below. */
export const CARD_IMAGE_SIZES = '(min-width: 768px) 360px, 84vw';

/** The photo a villa type's card shows: its first, or the placeholder. */
export const cardImage = (images: readonly string[]): string => images[0] ?? PLACEHOLDER_IMAGE;

/** What a villa type without a photo of its own shows. */
export const PLACEHOLDER_IMAGE = '/images/villas/placeholder.svg';

/** The widest copy kept: a card is at most ~800 CSS px wide, so this is sharp on a 2× screen. */
export const MAX_IMAGE_WIDTH = 1600;
/** The narrowest photo taken: a card is 400 px wide on a phone. */
export const MIN_IMAGE_WIDTH = 400;
/** The smaller copies made beside it, when the photo is wider than them. */
export const SMALLER_IMAGE_WIDTHS = [800, 400] as const;
/** Each copy's largest size, as the upload's policy enforces it (a 1,600 px WebP is ~100–400 KB). */
export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
/** The largest photo the portal takes to shrink (a phone's camera makes 3–15 MB). */
export const MAX_SOURCE_BYTES = 40 * 1024 * 1024;

/** What an upload may be, and its file extension. */
export const imageTypes = { 'image/webp': 'webp', 'image/jpeg': 'jpg' } as const;
export type ImageType = keyof typeof imageTypes;
export const isImageType = (value: unknown): value is ImageType => typeof value === 'string' && Object.hasOwn(imageTypes, value);

/** Uploaded copies are never changed (a new photo gets a new id): cached for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The widths of a photo's copies, largest first, when its largest copy is `largest` px wide. */
export const imageWidths = (largest: number): number[] => [largest, ...SMALLER_IMAGE_WIDTHS.filter((width) => width < largest)];

/** The storage key of one copy (under `media/`), and its path on the site (`/media/...`). */
export const imageKey = (id: string, width: number, type: ImageType) => `media/${id}-${width}w.${imageTypes[type]}`;

/** POST /api/admin/media: the photo's type and its largest copy's width. */
export type ImageUploadRequest = { contentType: ImageType; width: number };

/** One copy's upload: a form POST of `fields`, then the file as `file`, to `url` (S3's browser upload). */
export type SignedUpload = { width: number; url: string; fields: Record<string, string> };

/** The answer: the image's path (its largest copy), to save on the type, and one upload per copy. */
export type ImageUpload = { image: string; uploads: SignedUpload[] };

const UPLOADED = /^\/media\/([0-9a-f-]{36})-(\d{1,4})w\.(webp|jpg)$/;

/**
 * The `srcset` of an uploaded image (its copies by width), or undefined for any other path (the
 * sample images are SVG and need none).
 */
export function imageSrcSet(path: string): string | undefined {
  const match = UPLOADED.exec(path);
  if (!match) return undefined;
  const [, id, largest, extension] = match;
  return imageWidths(Number(largest))
    .reverse()
    .map((width) => `/media/${id}-${width}w.${extension} ${width}w`)
    .join(', ');
}
