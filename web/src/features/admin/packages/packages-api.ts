import { adminPackageSchema, packageStatsSchema, type AdminPackage, type PackageStats } from '@shared/admin-catalogue-packages';
import { catalogueApi, type CatalogueStats } from '../components/catalogue-api';

/** Every package; the guest site's packages (['packages']) are refreshed after a change so this browser shows it too. */
export const packagesApi = catalogueApi<AdminPackage, Record<string, unknown>>({
  keys: { all: ['admin', 'packages'], guest: ['packages'] },
  endpoints: {
    list: '/packages/admin/all',
    create: '/packages/admin',
    update: (id) => `/packages/admin/${encodeURIComponent(id)}`,
    remove: (id) => `/packages/admin/${encodeURIComponent(id)}`,
  },
  schema: adminPackageSchema,
});

/** Take-up over the last 30 days and upcoming bookings per package. */
export const packageStats: CatalogueStats<PackageStats> = { path: '/packages/admin/stats', schema: packageStatsSchema };

/** The body that saves a package as it is, but inactive (instead of a refused delete). */
export const inactivePackage = (stayPackage: AdminPackage) => ({
  name: stayPackage.name,
  type: stayPackage.type,
  description: stayPackage.description,
  price_multiplier: stayPackage.price_multiplier,
  includes_safari: stayPackage.includes_safari ? 1 : 0,
  max_safaris: stayPackage.max_safaris,
  is_active: 0,
  status: 'inactive',
});
