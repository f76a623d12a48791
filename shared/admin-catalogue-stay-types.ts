import * as z from 'zod/mini';
import { stayTypeStatuses, type StayType } from './catalogue.ts';
import { amount, count, listOrText, requiredText, toList } from './admin-catalogue.ts';
import { PLACEHOLDER_IMAGE } from './media.ts';
import { maxLength, minLength, wholeNumber } from './validation.ts';

/*
 * Villa types in the portal (docs/product.md#villa-types-tab): a kind of stay guests choose, with
 * its card (name, description, size, amenities, images), its capacity and the nightly price its
 * units share. Its units are cottages (admin-catalogue-cottages.ts).
 */

/** A type stored without a size takes this. */
export const DEFAULT_SIZE_SQFT = 1000;

export const stayTypeStatusMessage = 'Status is active or retired';

/** At most this many images a type or unit shows. */
export const MAX_IMAGES = 20;

/** A list of image paths (site-relative, as uploads and the sample images are). */
export const imageList = /* @__NO_SIDE_EFFECTS__ */ () =>
  z.array(z.string().check(minLength(1), maxLength(300))).check(maxLength(MAX_IMAGES, `At most ${MAX_IMAGES} images`));

/** A size in square feet. */
export const sizeField = /* @__NO_SIDE_EFFECTS__ */ () =>
  wholeNumber('Size is a number of square feet').check(z.gte(1, 'Size must be at least 1 sq ft'), z.lte(100_000, 'Size is at most 100,000 sq ft'));

/**
 * POST /api/admin/stay-types and PUT /api/admin/stay-types/{id}: the cottage payload's names
 * (`{name, description, price_per_night, capacity, amenities, status}`) plus size and images.
 */
export const stayTypeInputSchema = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ requiredText('Name', 120),
  description: /* @__PURE__ */ requiredText('Description', 2000, true),
  price_per_night: /* @__PURE__ */ amount('Price per night', 10_00_000),
  capacity: /* @__PURE__ */ count('Capacity', 1, 20),
  size_sqft: /* @__PURE__ */ z.optional(/* @__PURE__ */ sizeField()),
  amenities: /* @__PURE__ */ z._default(/* @__PURE__ */ listOrText('Amenities', 60), []),
  images: /* @__PURE__ */ z.optional(/* @__PURE__ */ imageList()),
  status: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(stayTypeStatuses, stayTypeStatusMessage), 'active'),
});
export type StayTypeInput = z.infer<typeof stayTypeInputSchema>;
export type StayTypeInputDraft = z.input<typeof stayTypeInputSchema>;

/** The stored type from the wire body; what the body leaves out keeps its value. */
export function toStoredStayType(input: StayTypeInput, context: { id: string; existing?: StayType | undefined }): StayType {
  const { existing } = context;
  return {
    id: context.id,
    name: input.name,
    description: input.description,
    base_price: input.price_per_night,
    max_guests: input.capacity,
    size_sqft: input.size_sqft ?? existing?.size_sqft ?? DEFAULT_SIZE_SQFT,
    amenities: toList(input.amenities),
    images: input.images ?? existing?.images ?? [PLACEHOLDER_IMAGE],
    status: input.status,
  };
}

/** A type as the portal lists it: the wire names, and its units (all / active). */
export const adminStayTypeSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  price_per_night: /* @__PURE__ */ z.number(),
  capacity: /* @__PURE__ */ z.number(),
  size_sqft: /* @__PURE__ */ z.number(),
  /** Comma-separated, as the portal shows it. */
  amenities: /* @__PURE__ */ z.string(),
  amenity_list: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  images: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  status: /* @__PURE__ */ z.enum(stayTypeStatuses),
  units: /* @__PURE__ */ z.number(),
  active_units: /* @__PURE__ */ z.number(),
});
export type AdminStayType = z.infer<typeof adminStayTypeSchema>;

export function toAdminStayType(type: StayType, units: { all: number; active: number } = { all: 0, active: 0 }): AdminStayType {
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    price_per_night: type.base_price,
    capacity: type.max_guests,
    size_sqft: type.size_sqft,
    amenities: type.amenities.join(', '),
    amenity_list: type.amenities,
    images: type.images,
    status: type.status,
    units: units.all,
    active_units: units.active,
  };
}

/** The body that saves a type as it is, with another status (retire, or offer again). */
export const stayTypeWithStatus = (type: AdminStayType, status: AdminStayType['status']): StayTypeInputDraft => ({
  name: type.name,
  description: type.description,
  price_per_night: type.price_per_night,
  capacity: type.capacity,
  size_sqft: type.size_sqft,
  amenities: type.amenity_list,
  images: type.images,
  status,
});
