import * as z from 'zod/mini';
import { cottageStatuses, type Cottage, type StayType } from './catalogue.ts';
import { amount, count, listOrText, requiredText, slugOf, toList } from './admin-catalogue.ts';
import { imageList, sizeField } from './admin-catalogue-stay-types.ts';
import { CATALOGUE_ID, idField } from './validation.ts';

/* Cottages in the portal (docs/product.md#cottages-tab): a cottage is one unit of a kind of stay. */

/** A unit's id: its name's slug, never a kind of stay's id (the availability routes take either). */
export function cottageIdOf(name: string, typeIds: ReadonlySet<string>): string {
  const slug = slugOf(name);
  return typeIds.has(slug) ? `${slug}-1` : slug;
}

export const cottageStatusMessage = 'Status is active, inactive or maintenance';

export const unknownTypeMessage = 'Choose one of the villa types, or leave it out to make a new one';

/**
 * POST /api/cottages/admin/create and PUT /api/cottages/admin/update/{id}: the wire body
 * `{name, description, price_per_night, capacity, amenities, status}`, optionally the kind of stay
 * the cottage is a unit of (`type`: without it, a create makes a new kind with this one unit, and
 * an update keeps the unit's), its size and images.
 */
export const cottageInputSchema = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ requiredText('Cottage name', 120),
  description: /* @__PURE__ */ requiredText('Description', 2000, true),
  price_per_night: /* @__PURE__ */ amount('Price per night', 10_00_000),
  capacity: /* @__PURE__ */ count('Capacity', 1, 20),
  amenities: /* @__PURE__ */ z._default(/* @__PURE__ */ listOrText('Amenities', 60), []),
  status: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(cottageStatuses, cottageStatusMessage), 'active'),
  type: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ idField('Villa type', 64, unknownTypeMessage).check(/* @__PURE__ */ z.refine((id: string) => CATALOGUE_ID.test(id), unknownTypeMessage)),
  ),
  size_sqft: /* @__PURE__ */ z.optional(/* @__PURE__ */ sizeField()),
  images: /* @__PURE__ */ z.optional(/* @__PURE__ */ imageList()),
});
export type CottageInput = z.infer<typeof cottageInputSchema>;
export type CottageInputDraft = z.input<typeof cottageInputSchema>;

/** PATCH /api/cottages/{id}/pricing: `{price_per_night}` (the wire name) or `{base_price}` (ours); cottagePriceOf reads it. */
export const cottagePricingSchema = /* @__PURE__ */ z
  .object({
    price_per_night: /* @__PURE__ */ z.optional(/* @__PURE__ */ amount('Price per night', 10_00_000)),
    base_price: /* @__PURE__ */ z.optional(/* @__PURE__ */ amount('Base price', 10_00_000)),
  })
  .check(
    /* @__PURE__ */ z.refine((body) => body.price_per_night !== undefined || body.base_price !== undefined, {
      error: 'Price per night is required',
      path: ['price_per_night'],
    }),
  );

/** The nightly price a pricing body sets (the schema makes sure it has one). */
export const cottagePriceOf = (body: z.infer<typeof cottagePricingSchema>): number => (body.price_per_night ?? body.base_price) as number;

/** The stored unit from the wire body, a unit of `type`: what the body leaves out it takes from the unit as it was, or from its type. */
export function toStoredCottage(input: CottageInput, context: { id: string; type: StayType; existing?: Cottage | undefined }): Cottage {
  const { existing, type } = context;
  const sameType = existing?.type === type.id ? existing : undefined;
  return {
    id: context.id,
    name: input.name,
    type: type.id,
    description: input.description,
    base_price: input.price_per_night,
    max_guests: input.capacity,
    size_sqft: input.size_sqft ?? sameType?.size_sqft ?? type.size_sqft,
    amenities: toList(input.amenities),
    images: input.images ?? sameType?.images ?? type.images,
    status: input.status,
  };
}

/** The admin list's cottage: the wire names beside ours, and its upcoming bookings (confirmed / all). */
export const adminCottageSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  type: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  price_per_night: /* @__PURE__ */ z.number(),
  capacity: /* @__PURE__ */ z.number(),
  /** Comma-separated, as the portal shows it. */
  amenities: /* @__PURE__ */ z.string(),
  amenity_list: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  size_sqft: /* @__PURE__ */ z.number(),
  images: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  status: /* @__PURE__ */ z.enum(cottageStatuses),
  base_price: /* @__PURE__ */ z.number(),
  max_guests: /* @__PURE__ */ z.number(),
  confirmed_bookings: /* @__PURE__ */ z.number(),
  total_bookings: /* @__PURE__ */ z.number(),
});
export type AdminCottage = z.infer<typeof adminCottageSchema>;

export function toAdminCottage(cottage: Cottage, bookings: { confirmed: number; total: number } = { confirmed: 0, total: 0 }): AdminCottage {
  return {
    id: cottage.id,
    name: cottage.name,
    type: cottage.type,
    description: cottage.description,
    price_per_night: cottage.base_price,
    capacity: cottage.max_guests,
    amenities: cottage.amenities.join(', '),
    amenity_list: cottage.amenities,
    size_sqft: cottage.size_sqft,
    images: cottage.images,
    status: cottage.status,
    base_price: cottage.base_price,
    max_guests: cottage.max_guests,
    confirmed_bookings: bookings.confirmed,
    total_bookings: bookings.total,
  };
}
