import * as z from 'zod/mini';
import { MAX_IMAGE_WIDTH, MIN_IMAGE_WIDTH, imageTypes, type ImageUploadRequest } from '../../../../shared/media.ts';
import { wholeNumber } from '../../../../shared/validation.ts';
import { signImageUpload } from '../../../lib/media/image-upload.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const imageUploadSchema = z.object({
  contentType: z.enum(Object.keys(imageTypes) as [keyof typeof imageTypes], 'Images are uploaded as WebP or JPEG'),
  width: wholeNumber('Width is a number of pixels').check(
    z.gte(MIN_IMAGE_WIDTH, `The photo must be at least ${MIN_IMAGE_WIDTH} pixels wide`),
    z.lte(MAX_IMAGE_WIDTH, `Shrink the photo to at most ${MAX_IMAGE_WIDTH} pixels wide first`),
  ),
}) satisfies z.core.$ZodType<ImageUploadRequest>;

/**
 * POST /api/admin/media (manager) `{contentType, width}`: signed uploads for a new image's copies
 * (its largest, `width` px, and the smaller ones for srcset), and the path to save on the villa
 * type (docs/product.md#images). The browser posts each copy straight to storage.
 */
export const handler = httpRoute('create-image-upload', { body: imageUploadSchema }, async ({ body }) => ({
  statusCode: 201,
  data: await signImageUpload(body),
}));
