import { cottages } from '../../lib/db/catalog.ts';
import { oneUnitPerType } from '../../lib/catalogue/guest-villas.ts';
import { listCatalogRoute } from '../../lib/http/catalog-routes.ts';
import { isBookableCottage } from '../../lib/listing-rules.ts';

export const handler = listCatalogRoute(
  'list-cottages',
  { get: (id) => cottages.get(id), list: async () => oneUnitPerType(await cottages.list()) },
  {
    isListed: isBookableCottage,
    order: (a, b) => a.base_price - b.base_price || a.name.localeCompare(b.name),
  },
);
