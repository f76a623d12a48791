import { offeredStays, stayCard } from '../../lib/catalogue/guest-stay-kinds.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-routes.ts';

/** GET /api/cottages: each villa type guests can book now, once, as its card (docs/product.md#step-1-dates-and-villa). */
export const handler = listCatalogueRoute(
  'list-cottages',
  { list: async () => (await offeredStays()).map(stayCard) },
  { isListed: () => true, order: (a, b) => a.base_price - b.base_price || a.name.localeCompare(b.name) },
);
