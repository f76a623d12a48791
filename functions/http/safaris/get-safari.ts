import { safaris } from '../../lib/db/catalog.ts';
import { getCatalogItemRoute } from '../../lib/http/catalog-routes.ts';

export const handler = getCatalogItemRoute('get-safari', safaris, { label: 'Safari', isListed: (safari) => safari.is_active });
