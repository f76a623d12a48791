import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.ts';
import { type Gsi1Keys, type Keys } from './keys.ts';

/** One action of a TransactWriteItems. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A kind of catalogue item's writes: each item is validated against its schema before it is
 * stored (reads trust it). `put` is the seed's unconditioned write; the admin's writes are
 * transaction items, each conditioned on the item's existence (a create must not overwrite, an
 * update or delete must find it), for a transaction that also holds the change's audit entry.
 * Each kind's module (cottage-writes.ts, package-writes.ts, safari-writes.ts) brings its own
 * schema, so a function carries only its kind's.
 */
export function catalogueWriter<T extends { id: string }>(options: {
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
    createWrite: (value: T): TransactItem => ({ Put: { TableName: tableName, Item: toItem(value), ConditionExpression: 'attribute_not_exists(pk)' } }),
    replaceWrite: (value: T): TransactItem => ({ Put: { TableName: tableName, Item: toItem(value), ConditionExpression: 'attribute_exists(pk)' } }),
    deleteWrite: (id: string): TransactItem => ({ Delete: { TableName: tableName, Key: options.itemKeys(id), ConditionExpression: 'attribute_exists(pk)' } }),
    /** Moves the item's `status` from one value to another, only if it still has the first. */
    statusWrite: (id: string, status: string, from: string): TransactItem => ({
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

export type CatalogueWrites<T extends { id: string }> = ReturnType<typeof catalogueWriter<T>>;
