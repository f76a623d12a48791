import { safaris } from '../../lib/db/catalogue.ts';
import { listCatalogueRoute } from '../../lib/http/catalogue-routes.ts';
import { safariDayOrder } from '../../lib/listing-rules.ts';

export const handler = listCatalogueRoute('list-safaris', safaris, { isListed: (safari) => safari.is_active, order: safariDayOrder });
