import type { StayType } from '../../../shared/catalogue.ts';
import { stayTypeSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueItem, checkedCatalogueItem, putItem, type CatalogueStore } from './catalogue-writer.ts';
import * as stayTypeKeys from './keys/stay-type.ts';

export const stayTypeStore: CatalogueStore = { entity: 'stay-type', itemKeys: stayTypeKeys.item };

/** A kind of stay as stored, from the portal's toStoredStayType (catalogue-writer.ts says why it is not parsed again). */
export const stayTypeItem = (type: StayType) => catalogueItem(stayTypeStore, stayTypeKeys.listing(type.id), type);

/** The seed's, the local migrations' and the tests' writes: parsed first. */
const checkedItem = (type: StayType) => checkedCatalogueItem(stayTypeStore, stayTypeSchema, stayTypeKeys.listing(type.id), type);
export const stayTypeWrites = { toItem: checkedItem, put: (type: StayType) => putItem(checkedItem(type)) };
