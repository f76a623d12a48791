import type { Safari } from '../../../shared/catalog.ts';
import { safariSchema } from '../../../shared/catalog-schemas.ts';
import { catalogueWriter } from './catalogue-writer.ts';
import * as safariKeys from './keys/safari.ts';

export const safariWrites = catalogueWriter<Safari>({
  entity: 'safari',
  schema: safariSchema,
  itemKeys: safariKeys.item,
  listingKeys: (safari) => safariKeys.listing(safari.id),
});
