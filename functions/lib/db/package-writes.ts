import type { StayPackage } from '../../../shared/catalogue.ts';
import { stayPackageSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueItem, checkedCatalogueItem, putItem, type CatalogueStore } from './catalogue-writer.ts';
import * as packageKeys from './keys/package.ts';

export const packageStore: CatalogueStore = { entity: 'package', itemKeys: packageKeys.item };

/** A package as stored, from the portal's toStoredPackage (catalogue-writer.ts says why it is not parsed again). */
export const packageItem = (stayPackage: StayPackage) => catalogueItem(packageStore, packageKeys.listing(stayPackage.id), stayPackage);

/** The seed's and the tests' writes: parsed first. */
const checkedItem = (stayPackage: StayPackage) => checkedCatalogueItem(packageStore, stayPackageSchema, packageKeys.listing(stayPackage.id), stayPackage);
export const packageWrites = { toItem: checkedItem, put: (stayPackage: StayPackage) => putItem(checkedItem(stayPackage)) };
