import type { Cottage, Safari, StayPackage, StayType } from '../../../shared/catalogue.ts';
import { type Keys } from './keys.ts';
import * as cottageKeys from './keys/cottage.ts';
import * as packageKeys from './keys/package.ts';
import * as safariKeys from './keys/safari.ts';
import * as stayTypeKeys from './keys/stay-type.ts';
import { getItem, queryAll, withoutStorageAttributes } from './query.ts';

/**
 * Villa types, cottages, packages and safaris share one shape of storage: an item per entity under its own
 * partition, and a GSI1 listing partition per kind, so "list all" is one Query, never a Scan.
 * Reading trusts the items: every write goes through catalogue-writer.ts, which validates them. So
 * the public catalogue functions carry no validation library at all. Each kind's reader is a plain
 * object (no call at import), so a function keeps only the kinds it reads.
 */
export type CatalogueReader<T> = { get(id: string): Promise<T | undefined>; list(): Promise<T[]> };

async function readItem<T>(keys: Keys): Promise<T | undefined> {
  const item = await getItem(keys);
  return item ? (withoutStorageAttributes(item) as T) : undefined;
}

async function readListing<T>(partition: string): Promise<T[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partition } });
  return items.map((item) => withoutStorageAttributes(item) as T);
}

export const stayTypes: CatalogueReader<StayType> = {
  get: (id) => readItem(stayTypeKeys.item(id)),
  list: () => readListing(stayTypeKeys.listPartition),
};
export const cottages: CatalogueReader<Cottage> = {
  get: (id) => readItem(cottageKeys.item(id)),
  list: () => readListing(cottageKeys.listPartition),
};
/** The units of one villa type: one Query of the cottages' listing, by the type's prefix. */
export async function unitsOfType(type: string): Promise<Cottage[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :type)',
    ExpressionAttributeValues: { ':pk': cottageKeys.listPartition, ':type': cottageKeys.typePrefix(type) },
  });
  return items.map((item) => withoutStorageAttributes(item) as Cottage);
}
export const stayPackages: CatalogueReader<StayPackage> = {
  get: (id) => readItem(packageKeys.item(id)),
  list: () => readListing(packageKeys.listPartition),
};
export const safaris: CatalogueReader<Safari> = {
  get: (id) => readItem(safariKeys.item(id)),
  list: () => readListing(safariKeys.listPartition),
};
