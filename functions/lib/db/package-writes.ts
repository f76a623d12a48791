import type { StayPackage } from '../../../shared/catalogue.ts';
import { stayPackageSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueWriter } from './catalogue-writer.ts';
import * as packageKeys from './keys/package.ts';

export const packageWrites = catalogueWriter<StayPackage>({
  entity: 'package',
  schema: stayPackageSchema,
  itemKeys: packageKeys.item,
  listingKeys: (stayPackage) => packageKeys.listing(stayPackage.id),
});
