/**
 * A package's price, one rule for guests and staff (docs/product.md#quote): its base is what one
 * guest pays for one night, 15,000 times the stored multiplier, rounded. The portal shows and edits
 * that base; saving a base stores the multiplier that gives it back exactly.
 */
export const PACKAGE_BASE = 15_000;

/** The multiplier's limit (a base of up to ₹1,50,000). */
export const MAX_PACKAGE_MULTIPLIER = 10;

/** The highest base price, ₹1,50,000. A constant of its own: a product in a schema's arguments would keep the schema in every bundle that imports its module. */
export const MAX_PACKAGE_PRICE = PACKAGE_BASE * MAX_PACKAGE_MULTIPLIER;

/** What one guest pays for one night of the package. */
export const packageBasePrice = (multiplier: number): number => Math.round(PACKAGE_BASE * multiplier);

/**
 * The multiplier whose base price is `basePrice`. Six decimals: for any whole-rupee base up to
 * the limit, packageBasePrice() of it is `basePrice` again.
 */
export const multiplierForBasePrice = (basePrice: number): number => Math.round((basePrice / PACKAGE_BASE) * 1_000_000) / 1_000_000;
