import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { Cottage, Safari, StayPackage } from '../../../shared/catalog.ts';
import { cottageSchema, safariSchema, stayPackageSchema } from '../../../shared/catalog-schemas.ts';
import { documentClient, tableName } from './client.ts';
import { cottageKeys, packageKeys, safariKeys, type Gsi1Keys, type Keys } from './keys.ts';

/** Catalogue writes: each item is validated against its schema before it is stored (reads trust it). */
function catalogWriter<T extends { id: string }>(options: {
  entity: string;
  schema: v.GenericSchema<unknown, T>;
  itemKeys: (id: string) => Keys;
  listingKeys: (value: T) => Gsi1Keys;
}) {
  const toItem = (value: T) => ({ ...options.itemKeys(value.id), ...options.listingKeys(value), entity: options.entity, ...v.parse(options.schema, value) });
  return {
    toItem,
    async put(value: T): Promise<void> {
      await documentClient.send(new PutCommand({ TableName: tableName, Item: toItem(value) }));
    },
  };
}

export const cottageWrites = catalogWriter<Cottage>({
  entity: 'cottage',
  schema: cottageSchema,
  itemKeys: cottageKeys.item,
  listingKeys: (cottage) => cottageKeys.listing(cottage.type, cottage.id),
});

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
