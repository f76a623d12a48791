import * as z from 'zod/mini';
import type { Cottage } from '../../../shared/catalogue.ts';
import { cottageSchema } from '../../../shared/catalogue-schemas.ts';
import { tableName } from './client.ts';
import { catalogueWriter, type TransactItem } from './catalogue-writer.ts';
import * as cottageKeys from './keys/cottage.ts';
import { updateExpression } from './query.ts';

/** Cottages (units of a kind of stay), listed under their kind so a kind's units are one Query. */
export const cottageWrites = catalogueWriter<Cottage>({
  entity: 'cottage',
  schema: cottageSchema,
  itemKeys: cottageKeys.item,
  listingKeys: (cottage) => cottageKeys.listing(cottage.type, cottage.id),
});

/** A unit's nightly price alone (the pricing route, and the units of its kind that share it), if the unit is still there. */
export function cottagePriceWrite(id: string, basePrice: number): TransactItem {
  z.parse(cottageSchema.shape.base_price, basePrice);
  return {
    Update: {
      TableName: tableName,
      Key: cottageKeys.item(id),
      ...updateExpression({ base_price: basePrice }, { expression: 'attribute_exists(pk)' }),
    },
  };
}
