import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Cottage, Safari, StayPackage } from '../../../shared/catalog.ts';
import { cottageSchema, safariSchema, stayPackageSchema } from '../../../shared/catalog-schemas.ts';
import { documentClient, tableName } from './client.ts';
import { type Gsi1Keys, type Keys } from './keys.ts';
import * as cottageKeys from './keys/cottage.ts';
import * as packageKeys from './keys/package.ts';
import * as safariKeys from './keys/safari.ts';
import { updateExpression } from './query.ts';

/**
 * Catalogue writes: each item is validated against its schema before it is stored (reads trust it).
 * `put` is the seed's unconditioned write; the admin's writes are transaction items, each
 * conditioned on the item's existence (a create must not overwrite, an update or delete must find
 * it), for a transaction that also holds the change's audit entry.
 */
function catalogWriter<T extends { id: string }>(options: {
  entity: string;
  schema: z.core.$ZodType<T>;
  itemKeys: (id: string) => Keys;
  listingKeys: (value: T) => Gsi1Keys;
}) {
  const toItem = (value: T) => ({ ...options.itemKeys(value.id), ...options.listingKeys(value), entity: options.entity, ...z.parse(options.schema, value) });
  return {
    toItem,
    async put(value: T): Promise<void> {
      await documentClient.send(new PutCommand({ TableName: tableName, Item: toItem(value) }));
    },
    createWrite: (value: T) => ({ Put: { TableName: tableName, Item: toItem(value), ConditionExpression: 'attribute_not_exists(pk)' } }),
    replaceWrite: (value: T) => ({ Put: { TableName: tableName, Item: toItem(value), ConditionExpression: 'attribute_exists(pk)' } }),
    deleteWrite: (id: string) => ({ Delete: { TableName: tableName, Key: options.itemKeys(id), ConditionExpression: 'attribute_exists(pk)' } }),
    /** Moves the item's `status` from one value to another, only if it still has the first. */
    statusWrite: (id: string, status: string, from: string) => ({
      Update: {
        TableName: tableName,
        Key: options.itemKeys(id),
        UpdateExpression: 'SET #status = :status',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':from': from },
      },
    }),
  };
}

export const cottageWrites = catalogWriter<Cottage>({
  entity: 'cottage',
  schema: cottageSchema,
  itemKeys: cottageKeys.item,
  listingKeys: (cottage) => cottageKeys.listing(cottage.type, cottage.id),
});

/** A unit's nightly price alone (the pricing route, and the units of its type that share it), if the unit is still there. */
export function cottagePriceWrite(id: string, basePrice: number) {
  z.parse(cottageSchema.shape.base_price, basePrice);
  return {
    Update: {
      TableName: tableName,
      Key: cottageKeys.item(id),
      ...updateExpression({ base_price: basePrice }, { expression: 'attribute_exists(pk)' }),
    },
  };
}

export const packageWrites = catalogWriter<StayPackage>({
  entity: 'package',
  schema: stayPackageSchema,
  itemKeys: packageKeys.item,
  listingKeys: (stayPackage) => packageKeys.listing(stayPackage.id),
});

export const safariWrites = catalogWriter<Safari>({
  entity: 'safari',
  schema: safariSchema,
  itemKeys: safariKeys.item,
  listingKeys: (safari) => safariKeys.listing(safari.id),
});
