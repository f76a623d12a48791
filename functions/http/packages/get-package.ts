import { stayPackages } from '../../lib/db/catalog.ts';
import { getCatalogItemRoute } from '../../lib/http/catalog-routes.ts';

export const handler = getCatalogItemRoute('get-package', stayPackages, { label: 'Package', isListed: (stayPackage) => stayPackage.is_active });
