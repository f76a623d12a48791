import type { Safari } from '../../../shared/catalogue.ts';
import { safariSchema } from '../../../shared/catalogue-schemas.ts';
import { catalogueItem, putItem, type CatalogueStore } from './catalogue-writer.ts';
import * as safariKeys from './keys/safari.ts';

export const safariStore: CatalogueStore = { entity: 'safari', itemKeys: safariKeys.item };

export const safariItem = (safari: Safari) => catalogueItem(safariStore, safariSchema, safariKeys.listing(safari.id), safari);

/** The seed's and the tests' writes. */
export const safariWrites = { toItem: safariItem, put: (safari: Safari) => putItem(safariItem(safari)) };
