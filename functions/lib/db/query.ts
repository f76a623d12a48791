import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import type { Keys } from './keys.ts';

type Item = Record<string, unknown>;

/** Runs a query to the end, following `LastEvaluatedKey` (1 MB pages). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export async function getItem(key: Keys, consistent = false): Promise<Item | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: consistent }));
  return Item;
}

const storageAttributes = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'expiresAt']);

/** Drops the key and bookkeeping attributes so only the entity's own fields remain. */
export function withoutStorageAttributes(item: Item): Item {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !storageAttributes.has(name)));
}
