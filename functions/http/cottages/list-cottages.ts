import { cottages } from '../../lib/db/catalogue.ts';
import { oneUnitPerKind } from '../../lib/catalogue/guest-stay-kinds.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-routes.ts';
import { isBookableCottage } from '../../lib/listing-rules.ts';

export const handler = listCatalogueRoute(
  'list-cottages',
  { get: (id) => cottages.get(id), list: async () => oneUnitPerKind(await cottages.list()) },
  {
    isListed: isBookableCottage,
    order: (a, b) => a.base_price - b.base_price || a.name.localeCompare(b.name),
  },
);
