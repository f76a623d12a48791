import * as z from 'zod/mini';
import { packageCategories, packageStatuses, packageTypes, type StayPackage } from './catalogue.ts';
import { amount, count, listOrText, requiredText } from './admin-catalogue.ts';

/* Stay packages in the portal (docs/product.md#packages-tab). */

/** The price shown is 10000 times the package's multiplier. */
export const PACKAGE_PRICE_BASIS = 10_000;
export const DEFAULT_PACKAGE_MAX_GUESTS = 6;
/** Safaris a safari-including package allows unless staff say otherwise. */
export const DEFAULT_PACKAGE_SAFARIS = 2;

/** 0/1 (the wire shape) or true/false. */
const flag = (label: string) =>
  z.pipe(
    z.union([z.boolean(), z.literal([0, 1])], `${label} is 0 or 1`),
    z.transform((value: boolean | 0 | 1) => value === true || value === 1),
  );

export const mentionsSafari = (includes: string | readonly string[]): boolean => /safari/i.test(typeof includes === 'string' ? includes : includes.join('\n'));

/**
 * What a package save derives: includes_safari when the includes mention
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

/** The stored package from the wire body, filling what it does not carry from the package as it was, or the defaults. */
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

export const packageStatsSchema = z.object({
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  with_safari: z.number(),
  bookings_last_30_days: z.number(),
  packages: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), bookings_last_30_days: z.number(), upcoming_bookings: z.number() })),
});
export type PackageStats = z.infer<typeof packageStatsSchema>;
