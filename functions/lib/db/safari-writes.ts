import type { Safari } from '../../../shared/catalogue.ts';
import { safariSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueItem, checkedCatalogueItem, putItem, type CatalogueStore } from './catalogue-writer.ts';
import * as safariKeys from './keys/safari.ts';

export const safariStore: CatalogueStore = { entity: 'safari', itemKeys: safariKeys.item };

/** A safari as stored, from the portal's toStoredSafari (catalogue-writer.ts says why it is not parsed again). */
export const safariItem = (safari: Safari) => catalogueItem(safariStore, safariKeys.listing(safari.id), safari);

/** The seed's and the tests' writes: parsed first. */
const checkedItem = (safari: Safari) => checkedCatalogueItem(safariStore, safariSchema, safariKeys.listing(safari.id), safari);
export const safariWrites = { toItem: checkedItem, put: (safari: Safari) => putItem(checkedItem(safari)) };
