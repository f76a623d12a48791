import type { StayPackage } from '../../../shared/catalogue.ts';
import { stayPackageSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueItem, putItem, type CatalogueStore } from './catalogue-writer.ts';
import * as packageKeys from './keys/package.ts';

export const packageStore: CatalogueStore = { entity: 'package', itemKeys: packageKeys.item };

export const packageItem = (stayPackage: StayPackage) => catalogueItem(packageStore, stayPackageSchema, packageKeys.listing(stayPackage.id), stayPackage);

/** The seed's and the tests' writes. */
export const packageWrites = { toItem: packageItem, put: (stayPackage: StayPackage) => putItem(packageItem(stayPackage)) };
