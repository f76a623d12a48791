import { cottages } from '../../lib/db/catalog.ts';
import { getCatalogItemRoute } from '../../lib/http/catalog-routes.ts';
import { isBookableCottage } from '../../lib/listing-rules.ts';

export const handler = getCatalogItemRoute('get-cottage', cottages, { label: 'Cottage', isListed: isBookableCottage });
