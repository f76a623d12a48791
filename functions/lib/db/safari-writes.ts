import type { Safari } from '../../../shared/catalogue.ts';
import { safariSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueWriter } from './catalogue-writer.ts';
import * as safariKeys from './keys/safari.ts';

export const safariWrites = catalogueWriter<Safari>({
  entity: 'safari',
  schema: safariSchema,
  itemKeys: safariKeys.item,
  listingKeys: (safari) => safariKeys.listing(safari.id),
});
