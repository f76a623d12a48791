import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import {
  cottageSchema,
  safariSchema,
  stayPackageSchema,
  type Cottage,
  type Safari,
  type StayPackage,
} from '../../../shared/catalog.ts';
import { documentClient, tableName } from './client.ts';
import { cottageKeys, packageKeys, safariKeys, type Gsi1Keys, type Keys } from './keys.ts';
import { getItem, queryAll, withoutStorageAttributes } from './query.ts';

/**
 * Cottages, packages and safaris share one shape of storage: an item per entity under its own
 * partition, and a GSI1 listing partition per kind, so "list all" is one Query, never a Scan.
 */
function catalogRepository<T extends { id: string }>(options: {
  entity: string;
  schema: z.ZodType<T>;
  itemKeys: (id: string) => Keys;
  listingKeys: (value: T) => Gsi1Keys;
  listPartition: string;
}) {
  const fromItem = (item: Record<string, unknown>): T => options.schema.parse(withoutStorageAttributes(item));
  return {
    toItem: (value: T) => ({
      ...options.itemKeys(value.id),
      ...options.listingKeys(value),
      entity: options.entity,
      ...options.schema.parse(value),
    }),
    async get(id: string): Promise<T | undefined> {
      const item = await getItem(options.itemKeys(id));
      return item ? fromItem(item) : undefined;
    },
    async list(): Promise<T[]> {
      const items = await queryAll({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': options.listPartition },
      });
      return items.map(fromItem);
    },
    async put(value: T): Promise<void> {
      await documentClient.send(new PutCommand({ TableName: tableName, Item: this.toItem(value) }));
    },
  };
}

export const cottages = catalogRepository<Cottage>({
  entity: 'cottage',
  schema: cottageSchema,
  itemKeys: cottageKeys.item,
  listingKeys: (cottage) => cottageKeys.listing(cottage.type, cottage.id),
  listPartition: cottageKeys.listPartition,
});

export const stayPackages = catalogRepository<StayPackage>({
  entity: 'package',
  schema: stayPackageSchema,
  itemKeys: packageKeys.item,
  listingKeys: (stayPackage) => packageKeys.listing(stayPackage.id),
  listPartition: packageKeys.listPartition,
});

export const safaris = catalogRepository<Safari>({
  entity: 'safari',
  schema: safariSchema,
  itemKeys: safariKeys.item,
  listingKeys: (safari) => safariKeys.listing(safari.id),
  listPartition: safariKeys.listPartition,
});
