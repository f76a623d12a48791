import { useQuery } from '@tanstack/react-query';
import { adminStayTypeSchema, type AdminStayType, type StayTypeInputDraft } from '@shared/admin-catalogue-stay-types';
import { catalogueApi } from '../components/catalogue-api';

/**
 * The villa types (kinds of stay) with their units; the guest site's list of villas (['cottages'])
 * is refreshed after a change so this browser shows it too. Under the cottages' admin key, so a
 * change of either refreshes both tabs' lists (a unit's price is its type's).
 */
export const villaTypesApi = catalogueApi<AdminStayType, StayTypeInputDraft>({
  keys: { all: ['admin', 'villa-types'], guest: ['cottages'] },
  endpoints: {
    list: '/admin/stay-types',
    create: '/admin/stay-types',
    update: (id) => `/admin/stay-types/${encodeURIComponent(id)}`,
    // Types are retired (status), never deleted: the tab has no delete action.
    remove: (id) => `/admin/stay-types/${encodeURIComponent(id)}`,
  },
  schema: adminStayTypeSchema,
});

/** Every villa type, for the forms and filters that name one (cottages, pricing). */
export const useVillaTypes = () => useQuery({ queryKey: villaTypesApi.keys.all, queryFn: ({ signal }) => villaTypesApi.list({ signal }) });
