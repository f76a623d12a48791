import * as z from 'zod/mini';
import { packageCategories, packageStatuses, packageTypes, type StayPackage } from './catalogue.ts';
import { amount, count, listOrText, requiredText, toList } from './admin-catalogue.ts';
import { MAX_PACKAGE_MULTIPLIER, MAX_PACKAGE_PRICE, multiplierForBasePrice, packageBasePrice } from './package-price.ts';
import { includedSafaris } from './quote.ts';

/* Stay packages in the portal (docs/product.md#packages-tab). */

export const DEFAULT_PACKAGE_MAX_GUESTS = 6;
/** Safaris a safari-including package allows unless staff say otherwise. */
export const DEFAULT_PACKAGE_SAFARIS = 2;

/**
 * 0/1 (the wire shape) or true/false, left as sent (isSet reads it). The numbers are an enum: its
 * JSON Schema is a literal's, and the other fields need enums anyway.
 */
const flag = (label: string) => z.union([z.boolean(), z.enum({ no: 0, yes: 1 } as const)], `${label} is 0 or 1`);
const isSet = (value: boolean | 0 | 1 | undefined): boolean | undefined => (value === undefined ? undefined : value === true || value === 1);

export const mentionsSafari = (includes: string | readonly string[]): boolean => /safari/i.test(typeof includes === 'string' ? includes : includes.join('\n'));

/**
 * What a package save derives: includes_safari when the includes mention
 * 'safari'; max_safaris the existing value, or 2 with safari, else 0; the multiplier the one whose
 * package base price (shared/package-price.ts) is the price, or 1 when there is no price.
 */
export function packageDerivations(input: {
  price: number | string | undefined;
  includes: string | readonly string[];
  existingMaxSafaris?: number | undefined;
}) {
  const price = typeof input.price === 'string' ? (input.price.trim() === '' ? Number.NaN : Number(input.price)) : (input.price ?? Number.NaN);
  const includesSafari = mentionsSafari(input.includes);
  return {
    price_multiplier: Number.isFinite(price) && price > 0 ? multiplierForBasePrice(price) : 1,
    includes_safari: includesSafari,
    max_safaris: input.existingMaxSafaris ?? (includesSafari ? DEFAULT_PACKAGE_SAFARIS : 0),
  };
}

/** 'Multiplier 1.5 · 2 safaris included', as the form shows what it will send (more are added at their price). */
export const describePackageDerivations = (derived: ReturnType<typeof packageDerivations>): string =>
  `Multiplier ${derived.price_multiplier} · ${includedSafarisText(includedSafaris(derived))}`;

/** '2 safaris included', '1 safari included' or 'no safari included': what a package gives at no extra charge. */
export const includedSafarisText = (count: number): string => (count === 0 ? 'no safari included' : `${count} safari${count === 1 ? '' : 's'} included`);

/** The price staff see: the package's base price, what one guest pays for one night. */
export const packagePrice = (stayPackage: Pick<StayPackage, 'price_multiplier'>): number => packageBasePrice(stayPackage.price_multiplier);

/** The derived duration: '1 day' for a safari package, otherwise '2-3 nights'. */
export const defaultPackageDuration = (type: StayPackage['type']): string => (type === 'safari' ? '1 day' : '2-3 nights');

const categoryOfType: Record<StayPackage['type'], StayPackage['category']> = {
  accommodation: 'standard',
  safari: 'adventure',
  adventure: 'adventure',
  wellness: 'comfort',
  corporate: 'comfort',
};

/**
 * POST /api/packages/admin and PUT /api/packages/admin/{id}: the wire body
 * `{name, type, description, price_multiplier, includes_safari, max_safaris, is_active}` (flags as
 * 0/1 or booleans), and optionally what our packages also carry; what is missing is derived.
 */
export const packageInputSchema = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ requiredText('Package name', 120),
  description: /* @__PURE__ */ requiredText('Description', 2000, true),
  type: /* @__PURE__ */ z._default(/* @__PURE__ */ z.enum(packageTypes, 'Type is accommodation, safari, wellness, adventure or corporate'), 'accommodation'),
  price_multiplier: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z
      .number('The price multiplier is a number')
      .check(/* @__PURE__ */ z.gt(0, 'Price must be more than ₹0'), /* @__PURE__ */ z.lte(MAX_PACKAGE_MULTIPLIER, 'Price is at most ₹1,50,000')),
  ),
  price: /* @__PURE__ */ z.optional(/* @__PURE__ */ amount('Price', MAX_PACKAGE_PRICE)),
  includes_safari: /* @__PURE__ */ z.optional(/* @__PURE__ */ flag('includes_safari')),
  max_safaris: /* @__PURE__ */ z.optional(/* @__PURE__ */ count('Safaris included', 0, 10)),
  is_active: /* @__PURE__ */ z.optional(/* @__PURE__ */ flag('is_active')),
  status: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(packageStatuses, 'Status is active, inactive or seasonal')),
  category: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(packageCategories)),
  duration: /* @__PURE__ */ z.optional(/* @__PURE__ */ requiredText('Duration', 40)),
  min_guests: /* @__PURE__ */ z.optional(/* @__PURE__ */ count('Min guests', 1, 20)),
  max_guests: /* @__PURE__ */ z.optional(/* @__PURE__ */ count('Max guests', 1, 20)),
  includes: /* @__PURE__ */ z.optional(/* @__PURE__ */ listOrText('Includes', 120)),
  exclusions: /* @__PURE__ */ z.optional(/* @__PURE__ */ listOrText('Exclusions', 120)),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

/** The stored package from the wire body, filling what it does not carry from the package as it was, or the defaults. */
export function toStoredPackage(input: PackageInput, context: { id: string; existing?: StayPackage | undefined }): StayPackage {
  const { existing } = context;
  const includes = input.includes !== undefined ? toList(input.includes) : (existing?.includes ?? []);
  const derived = packageDerivations({ price: input.price, includes, existingMaxSafaris: input.max_safaris ?? existing?.max_safaris });
  const includesSafari = isSet(input.includes_safari) ?? (input.includes !== undefined || !existing ? derived.includes_safari : existing.includes_safari);
  const isActive = isSet(input.is_active);
  const status =
    input.status ??
    (isActive !== undefined ? (isActive ? 'active' : 'inactive') : (existing?.status ?? (existing && !existing.is_active ? 'inactive' : 'active')));
  const exclusions = input.exclusions !== undefined ? toList(input.exclusions) : existing?.exclusions;
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
    // is_active is 1 for active and 0 for any other status.
    is_active: status === 'active',
  };
}

/** The package form's required fields beyond the server's, with their messages. */
export const packageFormRequired = {
  duration: 'Duration is required',
  price: 'Price is required',
  max_guests: 'Max guests is required',
  includes: 'Includes is required',
} as const;

/** A guest range that cannot hold anyone is refused before it is stored. */
export const packageGuestRangeProblem = (stayPackage: Pick<StayPackage, 'min_guests' | 'max_guests'>): string | undefined =>
  stayPackage.min_guests > stayPackage.max_guests ? 'Max guests must be at least the minimum guests' : undefined;

export const adminPackageSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  type: /* @__PURE__ */ z.enum(packageTypes),
  category: /* @__PURE__ */ z.enum(packageCategories),
  description: /* @__PURE__ */ z.string(),
  price_multiplier: /* @__PURE__ */ z.number(),
  price: /* @__PURE__ */ z.number(),
  includes_safari: /* @__PURE__ */ z.boolean(),
  max_safaris: /* @__PURE__ */ z.number(),
  min_guests: /* @__PURE__ */ z.number(),
  max_guests: /* @__PURE__ */ z.number(),
  duration: /* @__PURE__ */ z.string(),
  includes: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  exclusions: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  status: /* @__PURE__ */ z.enum(packageStatuses),
  is_active: /* @__PURE__ */ z.boolean(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

export const toAdminPackage = (stayPackage: StayPackage): AdminPackage => ({
  ...stayPackage,
  price: packagePrice(stayPackage),
  exclusions: stayPackage.exclusions ?? [],
  status: stayPackage.status ?? (stayPackage.is_active ? 'active' : 'inactive'),
});

export const packageStatsSchema = /* @__PURE__ */ z.object({
  total: /* @__PURE__ */ z.number(),
  active: /* @__PURE__ */ z.number(),
  inactive: /* @__PURE__ */ z.number(),
  with_safari: /* @__PURE__ */ z.number(),
  bookings_last_30_days: /* @__PURE__ */ z.number(),
  packages: /* @__PURE__ */ z.array(
    /* @__PURE__ */ z.object({
      id: /* @__PURE__ */ z.string(),
      name: /* @__PURE__ */ z.string(),
      status: /* @__PURE__ */ z.string(),
      bookings_last_30_days: /* @__PURE__ */ z.number(),
      upcoming_bookings: /* @__PURE__ */ z.number(),
    }),
  ),
});
export type PackageStats = z.infer<typeof packageStatsSchema>;
