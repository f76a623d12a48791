import * as z from 'zod/mini';
import {
  cottageStatuses,
  packageCategories,
  packageStatuses,
  packageTypes,
  safariStatuses,
  safariTypes,
  villaTypes,
  type Cottage,
  type Safari,
  type StayPackage,
  type VillaType,
} from './catalog.ts';
import { cleanText, tooLongMessage } from './text.ts';
import { maxLength, minLength, wholeNumber } from './validation.ts';

/*
 * The admin portal's catalogue: the spec's payloads (admin spec sections 3, 5 and 7) and how they
 * map onto what we store (catalog-schemas.ts). This is the one place the two sets of names meet:
 * the server validates with these schemas and maps with these functions, the web forms use the
 * same rules and derivations.
 */

/** Package price basis (spec section 9): the price shown is 10000 times the multiplier. */
export const PACKAGE_PRICE_BASIS = 10_000;
export const DEFAULT_PACKAGE_MAX_GUESTS = 6;
/** Safaris a safari-including package allows unless staff say otherwise (spec section 9). */
export const DEFAULT_PACKAGE_SAFARIS = 2;
/** A unit stored without a size takes its type's, or this. */
const DEFAULT_SIZE_SQFT = 1000;

export const villaTypeLabels: Record<VillaType, string> = {
  'hornbill-villa': 'Hornbill Villa',
  'kingfisher-villa': 'Kingfisher Villa',
  'glass-cottage': 'Glass Cottage',
};

/** A required one-line (or multi-line) text: cleaned, then 1..max characters. */
const requiredText = (label: string, max: number, multiline = false) =>
  z.string(`${label} is required`).check(
    z.overwrite((text: string) => cleanText(text, { multiline })),
    minLength(1, `${label} is required`),
    maxLength(max, tooLongMessage(label, max)),
  );

const amount = (label: string, max: number) =>
  wholeNumber(`${label} is required`, `${label} is a whole number of rupees`).check(
    z.gte(1, `${label} must be more than ₹0`),
    // The message is built only when it is shown: formatting a number en-IN at import loads the
    // locale's data, which slows every catalogue function's cold start.
    z.lte(max, { error: () => `${label} is at most ₹${max.toLocaleString('en-IN')}` }),
  );

const count = (label: string, min: number, max: number) =>
  wholeNumber(`${label} is required`, `${label} is a whole number`).check(
    z.gte(min, `${label} must be at least ${min}`),
    z.lte(max, `${label} is at most ${max}`),
  );

/** A list given as a list, or as text with one item per line or comma (the spec's amenities are comma-separated text). */
export function toList(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(/[\n,]/) : value;
  const cleaned = parts.map((part) => cleanText(part)).filter(Boolean);
  return [...new Set(cleaned)];
}

const listOrText = (label: string, maxItem: number) =>
  z
    .pipe(
      z.union([z.string(), z.array(z.string())], `${label} is a list or comma-separated text`),
      z.transform((value: string | string[]) => toList(value)),
    )
    .check(
      maxLength(30, `${label}: at most 30 items`),
      z.refine((items: string[]) => items.every((item) => item.length <= maxItem), `${label}: each item is at most ${maxItem} characters`),
    );

/** 0/1 (the spec's server shape) or true/false. */
const flag = (label: string) =>
  z.pipe(
    z.union([z.boolean(), z.literal([0, 1])], `${label} is 0 or 1`),
    z.transform((value: boolean | 0 | 1) => value === true || value === 1),
  );

const clock = (label: string) =>
  z.string(`${label} is required`).check(
    z.refine((time: string) => time !== '', `${label} is required`),
    z.refine((time: string) => time === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(time), `${label} looks like 06:00`),
  );

/** Lower-case letters, digits and dashes from a name ('Hornbill Villa 2' -> 'hornbill-villa-2'). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** A unit's id: its name's slug, never a villa type's slug (the availability routes take either). */
export function cottageIdOf(name: string): string {
  const slug = slugOf(name);
  return (villaTypes as readonly string[]).includes(slug) ? `${slug}-1` : slug;
}

/* ---------------------------------------------------------------- cottages */

export const cottageStatusMessage = 'Status is active, inactive or maintenance';

/**
 * POST /api/cottages/admin/create and PUT /api/cottages/admin/update/{id}: the spec's body
 * `{name, description, price_per_night, capacity, amenities, status}` plus the villa type the
 * cottage is a unit of, and optionally its size and images.
 */
export const cottageInputSchema = z.object({
  name: requiredText('Cottage name', 120),
  description: requiredText('Description', 2000, true),
  price_per_night: amount('Price per night', 10_00_000),
  capacity: count('Capacity', 1, 20),
  amenities: z.prefault(listOrText('Amenities', 60), []),
  status: z._default(z.enum(cottageStatuses, cottageStatusMessage), 'active'),
  type: z.enum(villaTypes, 'Choose the villa type this cottage is a unit of'),
  size_sqft: z.optional(wholeNumber('Size is a number of square feet').check(z.gte(1, 'Size must be at least 1 sq ft'))),
  images: z.optional(z.array(z.string().check(minLength(1))).check(maxLength(20, 'At most 20 images'))),
});
export type CottageInput = z.infer<typeof cottageInputSchema>;
export type CottageInputDraft = z.input<typeof cottageInputSchema>;

/** PATCH /api/cottages/{id}/pricing: `{price_per_night}` (the spec's name) or `{base_price}` (ours). */
export const cottagePricingSchema = z.pipe(
  z
    .object({
      price_per_night: z.optional(amount('Price per night', 10_00_000)),
      base_price: z.optional(amount('Base price', 10_00_000)),
    })
    .check(
      z.refine((body) => body.price_per_night !== undefined || body.base_price !== undefined, {
        error: 'Price per night is required',
        path: ['price_per_night'],
      }),
    ),
  z.transform((body) => ({ base_price: (body.price_per_night ?? body.base_price) as number })),
);

/** The stored unit from the spec's body: `sibling` (another unit of the type) lends its size and images to a new unit. */
export function toStoredCottage(input: CottageInput, context: { id: string; existing?: Cottage | undefined; sibling?: Cottage | undefined }): Cottage {
  const { existing, sibling } = context;
  const sameType = existing?.type === input.type ? existing : undefined;
  return {
    id: context.id,
    name: input.name,
    type: input.type,
    description: input.description,
    base_price: input.price_per_night,
    max_guests: input.capacity,
    size_sqft: input.size_sqft ?? sameType?.size_sqft ?? sibling?.size_sqft ?? existing?.size_sqft ?? DEFAULT_SIZE_SQFT,
    amenities: input.amenities,
    images: input.images ?? sameType?.images ?? sibling?.images ?? [`/images/villas/${input.type}.svg`],
    status: input.status,
  };
}

/** The admin list's cottage: the spec's names beside ours, and its upcoming bookings (confirmed / all). */
export const adminCottageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(villaTypes),
  description: z.string(),
  price_per_night: z.number(),
  capacity: z.number(),
  /** Comma-separated, as the spec shows it. */
  amenities: z.string(),
  amenity_list: z.array(z.string()),
  size_sqft: z.number(),
  images: z.array(z.string()),
  status: z.enum(cottageStatuses),
  base_price: z.number(),
  max_guests: z.number(),
  confirmed_bookings: z.number(),
  total_bookings: z.number(),
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

/* ---------------------------------------------------------------- packages */

export const mentionsSafari = (includes: string | readonly string[]): boolean => /safari/i.test(typeof includes === 'string' ? includes : includes.join('\n'));

/**
 * What a package save derives (spec section 5): includes_safari when the includes mention
 * 'safari'; max_safaris the existing value, or 2 with safari, else 0; the multiplier the price
 * divided by 10000, or 1 when there is no price.
 */
export function packageDerivations(input: {
  price: number | string | undefined;
  includes: string | readonly string[];
  existingMaxSafaris?: number | undefined;
}) {
  const price = typeof input.price === 'string' ? (input.price.trim() === '' ? Number.NaN : Number(input.price)) : (input.price ?? Number.NaN);
  const includesSafari = mentionsSafari(input.includes);
  return {
    price_multiplier: Number.isFinite(price) && price > 0 ? Math.round((price / PACKAGE_PRICE_BASIS) * 10_000) / 10_000 : 1,
    includes_safari: includesSafari,
    max_safaris: input.existingMaxSafaris ?? (includesSafari ? DEFAULT_PACKAGE_SAFARIS : 0),
  };
}

/** 'Multiplier 1.5 · includes safari (2)', as the form shows what it will send. */
export const describePackageDerivations = (derived: ReturnType<typeof packageDerivations>): string =>
  `Multiplier ${derived.price_multiplier} · ${derived.includes_safari ? `includes safari (${derived.max_safaris})` : 'no safari'}`;

export const packagePrice = (stayPackage: Pick<StayPackage, 'price_multiplier'>): number => Math.round(stayPackage.price_multiplier * PACKAGE_PRICE_BASIS);

/** The spec's derived duration (section 3): '1 day' for a safari package, otherwise '2-3 nights'. */
export const defaultPackageDuration = (type: StayPackage['type']): string => (type === 'safari' ? '1 day' : '2-3 nights');

const categoryOfType: Record<StayPackage['type'], StayPackage['category']> = {
  accommodation: 'standard',
  safari: 'adventure',
  adventure: 'adventure',
  wellness: 'comfort',
  corporate: 'comfort',
};

/**
 * POST /api/packages/admin and PUT /api/packages/admin/{id}: the spec's body
 * `{name, type, description, price_multiplier, includes_safari, max_safaris, is_active}` (flags as
 * 0/1 or booleans), and optionally what our packages also carry; what is missing is derived.
 */
export const packageInputSchema = z.object({
  name: requiredText('Package name', 120),
  description: requiredText('Description', 2000, true),
  type: z._default(z.enum(packageTypes, 'Type is accommodation, safari, wellness, adventure or corporate'), 'accommodation'),
  price_multiplier: z.optional(
    z.number('The price multiplier is a number').check(z.gt(0, 'Price must be more than ₹0'), z.lte(10, 'Price is at most ₹1,00,000')),
  ),
  price: z.optional(amount('Price', 1_00_000)),
  includes_safari: z.optional(flag('includes_safari')),
  max_safaris: z.optional(count('Max safaris', 0, 10)),
  is_active: z.optional(flag('is_active')),
  status: z.optional(z.enum(packageStatuses, 'Status is active, inactive or seasonal')),
  category: z.optional(z.enum(packageCategories)),
  duration: z.optional(requiredText('Duration', 40)),
  min_guests: z.optional(count('Min guests', 1, 20)),
  max_guests: z.optional(count('Max guests', 1, 20)),
  includes: z.optional(listOrText('Includes', 120)),
  exclusions: z.optional(listOrText('Exclusions', 120)),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

/** The stored package from the spec's body, filling what it does not carry from the package as it was, or the spec's defaults. */
export function toStoredPackage(input: PackageInput, context: { id: string; existing?: StayPackage | undefined }): StayPackage {
  const { existing } = context;
  const includes = input.includes ?? existing?.includes ?? [];
  const derived = packageDerivations({ price: input.price, includes, existingMaxSafaris: input.max_safaris ?? existing?.max_safaris });
  const includesSafari = input.includes_safari ?? (input.includes !== undefined || !existing ? derived.includes_safari : existing.includes_safari);
  const status =
    input.status ??
    (input.is_active !== undefined
      ? input.is_active
        ? 'active'
        : 'inactive'
      : (existing?.status ?? (existing && !existing.is_active ? 'inactive' : 'active')));
  const exclusions = input.exclusions ?? existing?.exclusions;
  return {
    id: context.id,
    name: input.name,
    type: input.type,
    category: input.category ?? existing?.category ?? categoryOfType[input.type],
    description: input.description,
    price_multiplier: input.price_multiplier ?? (input.price !== undefined ? derived.price_multiplier : (existing?.price_multiplier ?? 1)),
    includes_safari: includesSafari,
    max_safaris: input.max_safaris ?? existing?.max_safaris ?? (includesSafari ? DEFAULT_PACKAGE_SAFARIS : 0),
    min_guests: input.min_guests ?? existing?.min_guests ?? 1,
    max_guests: input.max_guests ?? existing?.max_guests ?? DEFAULT_PACKAGE_MAX_GUESTS,
    duration: input.duration ?? existing?.duration ?? defaultPackageDuration(input.type),
    includes,
    ...(exclusions?.length ? { exclusions } : {}),
    status,
    // Spec section 4: is_active is 1 for active and 0 for any other status.
    is_active: status === 'active',
  };
}

/** The package form's required fields beyond the server's (admin spec section 5), with their messages. */
export const packageFormRequired = {
  duration: 'Duration is required',
  price: 'Price is required',
  max_guests: 'Max guests is required',
  includes: 'Includes is required',
} as const;

/** A guest range that cannot hold anyone is refused before it is stored. */
export const packageGuestRangeProblem = (stayPackage: Pick<StayPackage, 'min_guests' | 'max_guests'>): string | undefined =>
  stayPackage.min_guests > stayPackage.max_guests ? 'Max guests must be at least the minimum guests' : undefined;

export const adminPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(packageTypes),
  category: z.enum(packageCategories),
  description: z.string(),
  price_multiplier: z.number(),
  price: z.number(),
  includes_safari: z.boolean(),
  max_safaris: z.number(),
  min_guests: z.number(),
  max_guests: z.number(),
  duration: z.string(),
  includes: z.array(z.string()),
  exclusions: z.array(z.string()),
  status: z.enum(packageStatuses),
  is_active: z.boolean(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

export const toAdminPackage = (stayPackage: StayPackage): AdminPackage => ({
  ...stayPackage,
  price: packagePrice(stayPackage),
  exclusions: stayPackage.exclusions ?? [],
  status: stayPackage.status ?? (stayPackage.is_active ? 'active' : 'inactive'),
});

/* ---------------------------------------------------------------- safaris */

const categoryOfSafariType: Record<(typeof safariTypes)[number], Safari['category']> = {
  morning: 'morning',
  evening: 'evening',
  night: 'night',
  'full-day': 'standard',
  special: 'standard',
};

/**
 * POST /api/safaris/admin and PUT /api/safaris/admin/{id}: the spec's safari (section 3), required
 * as its form requires (section 5); type defaults to morning (section 9).
 */
export const safariInputSchema = z
  .object({
    name: requiredText('Safari name', 120),
    description: requiredText('Description', 2000, true),
    type: z._default(z.enum(safariTypes, 'Type is morning, evening, full-day, night or special'), 'morning'),
    duration: requiredText('Duration', 40),
    price: amount('Price', 1_00_000),
    max_guests: count('Max guests', 1, 40),
    start_time: clock('Start time'),
    end_time: clock('End time'),
    meeting_point: requiredText('Meeting point', 200),
    includes: z.prefault(listOrText('Includes', 120), []).check(z.refine((items: string[]) => items.length > 0, 'Includes is required')),
    exclusions: z.optional(listOrText('Exclusions', 120)),
    status: z._default(z.enum(safariStatuses, 'Status is active, inactive, seasonal or maintenance'), 'active'),
    seats_per_slot: z.optional(count('Seats per slot', 1, 200)),
  })
  .check(
    z.refine((safari) => safari.end_time > safari.start_time, { error: 'End time must be after the start time', path: ['end_time'] }),
    z.refine((safari) => safari.seats_per_slot === undefined || safari.seats_per_slot >= safari.max_guests, {
      error: 'A slot must seat at least one full party',
      path: ['seats_per_slot'],
    }),
  );
export type SafariInput = z.infer<typeof safariInputSchema>;

/**
 * The stored safari from the spec's: its start and end make the first time slot (further slots of
 * the safari as it was are kept), seats per slot stay as they were (at least one full party), and
 * only an active safari is bookable.
 */
export function toStoredSafari(input: SafariInput, context: { id: string; existing?: Safari | undefined }): Safari {
  const { existing } = context;
  const slot = `${input.start_time}-${input.end_time}`;
  return {
    id: context.id,
    name: input.name,
    category: categoryOfSafariType[input.type],
    description: input.description,
    price: input.price,
    duration: input.duration,
    max_guests: input.max_guests,
    seats_per_slot: input.seats_per_slot ?? Math.max(existing?.seats_per_slot ?? 12, input.max_guests),
    includes: input.includes,
    highlights: existing?.highlights ?? [],
    time_slots: [...new Set([slot, ...(existing?.time_slots.slice(1) ?? [])])],
    is_active: input.status === 'active',
    type: input.type,
    meeting_point: input.meeting_point,
    ...(input.exclusions?.length ? { exclusions: input.exclusions } : {}),
    status: input.status,
  };
}

export const adminSafariSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(safariTypes),
  category: z.string(),
  duration: z.string(),
  price: z.number(),
  max_guests: z.number(),
  seats_per_slot: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  time_slots: z.array(z.string()),
  meeting_point: z.string(),
  includes: z.array(z.string()),
  exclusions: z.array(z.string()),
  highlights: z.array(z.string()),
  status: z.enum(safariStatuses),
  is_active: z.boolean(),
});
export type AdminSafari = z.infer<typeof adminSafariSchema>;

export function toAdminSafari(safari: Safari): AdminSafari {
  const [start = '', end = ''] = (safari.time_slots[0] ?? '').split('-');
  return {
    id: safari.id,
    name: safari.name,
    description: safari.description,
    type: safari.type ?? (safari.category === 'standard' ? 'special' : safari.category),
    category: safari.category,
    duration: safari.duration,
    price: safari.price,
    max_guests: safari.max_guests,
    seats_per_slot: safari.seats_per_slot,
    start_time: start,
    end_time: end,
    time_slots: safari.time_slots,
    meeting_point: safari.meeting_point ?? '',
    includes: safari.includes,
    exclusions: safari.exclusions ?? [],
    highlights: safari.highlights,
    status: safari.status ?? (safari.is_active ? 'active' : 'inactive'),
    is_active: safari.is_active,
  };
}

/* ---------------------------------------------------------------- stats */

export const packageStatsSchema = z.object({
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  with_safari: z.number(),
  bookings_last_30_days: z.number(),
  packages: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), bookings_last_30_days: z.number(), upcoming_bookings: z.number() })),
});
export type PackageStats = z.infer<typeof packageStatsSchema>;

export const safariStatsSchema = z.object({
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  seats_next_30_days: z.number(),
  safaris: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), upcoming_seats: z.number(), upcoming_days: z.number() })),
});
export type SafariStats = z.infer<typeof safariStatsSchema>;

/** The refusal of a delete while guests hold upcoming bookings (the 409's `code`, so the portal offers deactivation). */
export const HAS_UPCOMING_BOOKINGS = 'has_upcoming_bookings';
