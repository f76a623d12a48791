import { safaris } from '../../lib/db/catalog.ts';
import { listCatalogRoute } from '../../lib/http/catalog-routes.ts';
import { safariDayOrder } from '../../lib/listing-rules.ts';

export const handler = listCatalogRoute('list-safaris', safaris, { isListed: (safari) => safari.is_active, order: safariDayOrder });
