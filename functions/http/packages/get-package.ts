import { stayPackages } from '../../lib/db/catalogue.ts';
import { getCatalogueItemRoute } from '../../lib/http/catalogue-routes.ts';

export const handler = getCatalogueItemRoute('get-package', stayPackages, { label: 'Package', isListed: (stayPackage) => stayPackage.is_active });
