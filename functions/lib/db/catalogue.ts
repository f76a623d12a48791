import type { Cottage, Safari, StayPackage } from '../../../shared/catalogue.ts';
import { type Keys } from './keys.ts';
import * as cottageKeys from './keys/cottage.ts';
import * as packageKeys from './keys/package.ts';
import * as safariKeys from './keys/safari.ts';
import { getItem, queryAll, withoutStorageAttributes } from './query.ts';

/**
 * Cottages, packages and safaris share one shape of storage: an item per entity under its own
 * partition, and a GSI1 listing partition per kind, so "list all" is one Query, never a Scan.
 * Reading trusts the items: every write goes through catalogue-writes.ts, which validates them. So
 * the public catalogue functions carry no validation library at all.
 */
function catalogueReader<T extends { id: string }>(options: { itemKeys: (id: string) => Keys; listPartition: string }) {
  const fromItem = (item: Record<string, unknown>) => withoutStorageAttributes(item) as T;
  return {
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
  };
}

export const cottages = catalogueReader<Cottage>({ itemKeys: cottageKeys.item, listPartition: cottageKeys.listPartition });
export const stayPackages = catalogueReader<StayPackage>({ itemKeys: packageKeys.item, listPartition: packageKeys.listPartition });
export const safaris = catalogueReader<Safari>({ itemKeys: safariKeys.item, listPartition: safariKeys.listPartition });
