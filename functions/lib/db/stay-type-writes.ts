import type { StayType } from '../../../shared/catalogue.ts';
import { stayTypeSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueItem, putItem, type CatalogueStore } from './catalogue-writer.ts';
import * as stayTypeKeys from './keys/stay-type.ts';

export const stayTypeStore: CatalogueStore = { entity: 'stay-type', itemKeys: stayTypeKeys.item };

/** A kind of stay as stored, validated. */
export const stayTypeItem = (type: StayType) => catalogueItem(stayTypeStore, stayTypeSchema, stayTypeKeys.listing(type.id), type);

/** The seed's and the tests' writes. */
export const stayTypeWrites = { toItem: stayTypeItem, put: (type: StayType) => putItem(stayTypeItem(type)) };
