import { stayPackages } from '../../lib/db/catalog.ts';
import { listCatalogRoute } from '../../lib/http/catalog-routes.ts';

export const handler = listCatalogRoute('list-packages', stayPackages, {
  isListed: (stayPackage) => stayPackage.is_active,
  order: (a, b) => a.price_multiplier - b.price_multiplier || a.name.localeCompare(b.name),
});
