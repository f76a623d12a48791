import * as z from 'zod/mini';
import type { Cottage } from '../../../shared/catalogue.ts';
import { cottageSchema, rupeesSchema } from '../../../shared/catalogue-schemas.ts';
import { tableName } from './client.ts';
import { catalogueItem, checkedCatalogueItem, putItem, type CatalogueStore, type TransactItem } from './catalogue-writer.ts';
import * as cottageKeys from './keys/cottage.ts';

export const cottageStore: CatalogueStore = { entity: 'cottage', itemKeys: cottageKeys.item };

/**
 * Cottages (units of a kind of stay), listed under their kind so a kind's units are one Query. From
 * the portal's toStoredCottage (catalogue-writer.ts says why it is not parsed again).
 */
export const cottageItem = (cottage: Cottage) => catalogueItem(cottageStore, cottageKeys.listing(cottage.type, cottage.id), cottage);

/** The seed's and the tests' writes: parsed first. */
const checkedItem = (cottage: Cottage) => checkedCatalogueItem(cottageStore, cottageSchema, cottageKeys.listing(cottage.type, cottage.id), cottage);
export const cottageWrites = { toItem: checkedItem, put: (cottage: Cottage) => putItem(checkedItem(cottage)) };

/** A unit's nightly price alone (the pricing route, and the units of its kind that share it), if the unit is still there. */
export const cottagePriceWrite = (id: string, basePrice: number): TransactItem => basePriceWrite(cottageStore, id, basePrice);

/** The nightly price alone of a unit or a villa type (`store`), if it is still there. */
export function basePriceWrite(store: CatalogueStore, id: string, basePrice: number): TransactItem {
  z.parse(rupeesSchema, basePrice);
  return {
    Update: {
      TableName: tableName,
      Key: store.itemKeys(id),
      UpdateExpression: 'SET #price = :price',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#price': 'base_price' },
      ExpressionAttributeValues: { ':price': basePrice },
    },
  };
}
