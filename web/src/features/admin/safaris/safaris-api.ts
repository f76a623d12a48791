import { adminSafariSchema, safariStatsSchema, type AdminSafari, type SafariStats } from '@shared/admin-catalogue-safaris';
import { catalogueApi, type CatalogueStats } from '../components/catalogue-api';

/** Every safari; the guest site's safaris (['safaris']) are refreshed after a change so this browser shows it too. */
export const safarisApi = catalogueApi<AdminSafari, Record<string, unknown>>({
  keys: { all: ['admin', 'safaris'], guest: ['safaris'] },
  endpoints: {
    list: '/safaris/admin/all',
    create: '/safaris/admin',
    update: (id) => `/safaris/admin/${encodeURIComponent(id)}`,
    remove: (id) => `/safaris/admin/${encodeURIComponent(id)}`,
  },
  schema: adminSafariSchema,
});

/** Seats sold ahead per safari. */
export const safariStats: CatalogueStats<SafariStats> = { path: '/safaris/admin/stats', schema: safariStatsSchema };

/** The body that saves a safari as it is, but inactive (instead of a refused delete). */
export const inactiveSafari = (safari: AdminSafari) => ({
  name: safari.name,
  description: safari.description,
  type: safari.type,
  duration: safari.duration,
  price: safari.price,
  max_guests: safari.max_guests,
  start_time: safari.start_time,
  end_time: safari.end_time,
  meeting_point: safari.meeting_point || 'Resort reception',
  includes: safari.includes,
  exclusions: safari.exclusions,
  status: 'inactive',
});
