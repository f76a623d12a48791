import { offeredStay, stayCard } from '../../lib/catalogue/guest-stay-kinds.ts';
import { getCatalogueItemRoute } from '../../lib/http/catalogue-routes.ts';

/** GET /api/cottages/{id}: a villa type's card by its id, or by one of its units' (that unit as guests see it). */
export const handler = getCatalogueItemRoute(
  'get-cottage',
  {
    get: async (id) => {
      const stay = await offeredStay(id);
      return stay && stayCard(stay);
    },
  },
  { label: 'Cottage', isListed: () => true },
);
