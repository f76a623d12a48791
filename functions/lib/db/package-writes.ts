import type { StayPackage } from '../../../shared/catalog.ts';
import { stayPackageSchema } from '../../../shared/catalog-schemas.ts';
import { catalogueWriter } from './catalogue-writer.ts';
import * as packageKeys from './keys/package.ts';

export const packageWrites = catalogueWriter<StayPackage>({
  entity: 'package',
  schema: stayPackageSchema,
  itemKeys: packageKeys.item,
  listingKeys: (stayPackage) => packageKeys.listing(stayPackage.id),
});
