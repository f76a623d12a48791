import { adminCottageSchema, type AdminCottage, type CottageInputDraft } from '@shared/admin-catalogue-cottages';
import { catalogueApi } from '../components/catalogue-api';

/** The units of every kind of stay; the guest site's list of villas (['cottages']) is refreshed after a change so this browser shows it too. */
export const cottagesApi = catalogueApi<AdminCottage, CottageInputDraft>({
  keys: { all: ['admin', 'cottages'], guest: ['cottages'] },
  endpoints: {
    list: '/cottages/admin/all',
    create: '/cottages/admin/create',
    update: (id) => `/cottages/admin/update/${encodeURIComponent(id)}`,
    remove: (id) => `/cottages/admin/delete/${encodeURIComponent(id)}`,
  },
  schema: adminCottageSchema,
});

/** The body that saves a unit as it is, but with another status (deactivation instead of a refused delete). */
export const withStatus = (cottage: AdminCottage, status: AdminCottage['status']): CottageInputDraft => ({
  name: cottage.name,
  description: cottage.description,
  price_per_night: cottage.price_per_night,
  capacity: cottage.capacity,
  amenities: cottage.amenity_list,
  status,
  type: cottage.type,
  size_sqft: cottage.size_sqft,
  images: cottage.images,
});
