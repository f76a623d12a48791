import { stayPackages } from '../../lib/db/catalogue.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-routes.ts';

export const handler = listCatalogueRoute('list-packages', stayPackages, {
  isListed: (stayPackage) => stayPackage.is_active,
  order: (a, b) => a.price_multiplier - b.price_multiplier || a.name.localeCompare(b.name),
});
