import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.ts';
import { type Gsi1Keys, type Keys } from './keys.ts';

/** One action of a TransactWriteItems. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Where a kind of catalogue item is stored: its items' `entity` and keys. A kind's module
 * (cottage-writes.ts, package-writes.ts, safari-writes.ts, stay-type-writes.ts) gives it, and the
 * item as stored (`<kind>Item`). Its stored shape is the kind's type and schema
 * (shared/catalogue-schemas.ts): the portal's writes build it from a body their route has validated,
 * with the kind's `toStored*` function, which the property tests prove always yields an item the
 * schema accepts unchanged (test/unit/stored-shapes.test.ts); so they parse nothing twice. The seed's
 * and the local migrations' writes, whose data comes from elsewhere, parse it (`<kind>Writes`).
 * Reads trust the items.
 */
export type CatalogueStore = { entity: string; itemKeys: (id: string) => Keys };

/** An item ready to be written: its keys, its `entity` and its validated fields. */
export type StoredItem = Record<string, unknown>;

/** The item as stored: `value` with its keys, its listing keys and its `entity`. */
export function catalogueItem<T extends { id: string }>(store: CatalogueStore, listing: Gsi1Keys, value: T): StoredItem {
  return { ...store.itemKeys(value.id), ...listing, entity: store.entity, ...value };
}

/** The item as stored, after its schema (which throws on what must not be stored): for data no route has validated. */
export function checkedCatalogueItem<T extends { id: string }>(store: CatalogueStore, schema: z.core.$ZodType<T>, listing: Gsi1Keys, value: T): StoredItem {
  return catalogueItem(store, listing, z.parse(schema, value));
}

/*
 * The admin's writes are transaction items, each conditioned on the item's existence (a create must
 * not overwrite, an update or delete must find it), for a transaction that also holds the change's
 * audit entry.
 */

export const createWrite = (item: StoredItem): TransactItem => ({ Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });

export const replaceWrite = (item: StoredItem): TransactItem => ({ Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_exists(pk)' } });

export const deleteWrite = (store: CatalogueStore, id: string): TransactItem => ({
  Delete: { TableName: tableName, Key: store.itemKeys(id), ConditionExpression: 'attribute_exists(pk)' },
});

/** Moves the item's `status` from one value to another, only if it still has the first. */
export const statusWrite = (store: CatalogueStore, id: string, status: string, from: string): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: store.itemKeys(id),
    UpdateExpression: 'SET #status = :status',
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status, ':from': from },
  },
});

/** The seed's unconditioned write of a stored item. */
export async function putItem(item: StoredItem): Promise<void> {
  await documentClient.send(new PutCommand({ TableName: tableName, Item: item }));
}
