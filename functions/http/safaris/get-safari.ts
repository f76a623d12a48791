import { safaris } from '../../lib/db/catalogue.ts';
import { getCatalogueItemRoute } from '../../lib/http/catalogue-routes.ts';

export const handler = getCatalogueItemRoute('get-safari', safaris, { label: 'Safari', isListed: (safari) => safari.is_active });
