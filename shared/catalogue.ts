/**
 * A kind of stay (villa type) is data staff own (docs/product.md#villa-types-tab): its id is a URL
 * slug, and each of its units is a cottage. Only an active kind is offered to guests.
 */
export const stayTypeStatuses = ['active', 'retired'] as const;

export const packageCategories = ['romance', 'family', 'adventure', 'comfort', 'standard'] as const;
export const safariCategories = ['morning', 'evening', 'night', 'standard'] as const;
/** The portal's safari types and statuses, and the package form's statuses (docs/product.md#catalogue-tabs). */
export const safariTypes = ['morning', 'evening', 'full-day', 'night', 'special'] as const;
export const safariStatuses = ['active', 'inactive', 'seasonal', 'maintenance'] as const;
export const packageStatuses = ['active', 'inactive', 'seasonal'] as const;
export const packageTypes = ['accommodation', 'safari', 'wellness', 'adventure', 'corporate'] as const;
export const cottageStatuses = ['active', 'inactive', 'maintenance'] as const;

/*
 * The catalogue's constants and types. Its schemas (validating admin writes and API answers) are in
 * catalogue-schemas.ts, so that a module needing a villa type or a safari's badge rule does not build
 * every catalogue schema at import: esbuild cannot drop schema construction it cannot prove pure.
 */
export type { Cottage, Safari, StayPackage, StayType } from './catalogue-schemas.ts';

/** Above this per-person price a safari carries the 'Special Experience' badge (docs/product.md#step-3-safaris). */
export const SPECIAL_SAFARI_PRICE = 800;
export const isSpecialSafari = (safari: { price: number }): boolean => safari.price > SPECIAL_SAFARI_PRICE;
