import { cottages } from '../../lib/db/catalogue.ts';
import { getCatalogueItemRoute } from '../../lib/http/catalogue-routes.ts';
import { isBookableCottage } from '../../lib/listing-rules.ts';

export const handler = getCatalogueItemRoute('get-cottage', cottages, { label: 'Cottage', isListed: isBookableCottage });
