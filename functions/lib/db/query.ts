import { BatchGetCommand, GetCommand, QueryCommand, type BatchGetCommandOutput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
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

/** The items of `keys` that exist (BatchGet, 100 at a time, unprocessed keys retried with backoff), in no particular order. */
export async function batchGetAll(
  keys: readonly Keys[],
  options: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Array<Record<string, unknown>> | undefined = keys.slice(start, start + 100);
    for (let attempt = 0; pending?.length && attempt < 6; attempt += 1) {
      const answer: BatchGetCommandOutput = await documentClient.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: pending,
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
              ...(options.consistent ? { ConsistentRead: true } : {}),
            },
          },
        }),
      );
      found.push(...(answer.Responses?.[tableName] ?? []));
      pending = answer.UnprocessedKeys?.[tableName]?.Keys;
      if (pending?.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
  return found;
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

/** The indexes and the key attributes of each: a cursor names exactly these. */
const indexKeys = { table: ['pk', 'sk'], gsi1: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], gsi2: ['pk', 'sk', 'gsi2pk', 'gsi2sk'] } as const;
export type IndexName = keyof typeof indexKeys;

/** A sort-key condition: a prefix, or an inclusive range. */
export type SortKeyCondition = { beginsWith: string } | { between: readonly [string, string] };

export type PageQuery = {
  index: IndexName;
  /** The partition key value (of the index). */
  partition: string;
  sortKey?: SortKeyCondition;
  /** Newest (largest sort key) first unless `forward`. */
  forward?: boolean;
  limit: number;
  /** From the previous page's answer; refused unless it was made for this same index and partition. */
  cursor?: string | undefined;
};

export class InvalidCursor extends Error {
  constructor() {
    super('The page cursor is not valid');
  }
}

function encodeCursor(index: IndexName, key: Item): string {
  return Buffer.from(JSON.stringify([index, ...indexKeys[index].map((name) => String(key[name] ?? ''))])).toString('base64url');
}

/**
 * A key value DynamoDB would take: not empty, well-formed text (no lone surrogate) and within a sort
 * key's 1,024 bytes. A cursor part that is not one was never ours, and DynamoDB would refuse it with
 * an error rather than an answer.
 */
const isKeyValue = (part: unknown): part is string =>
  typeof part === 'string' && part.length > 0 && part.length < 400 && !/[\uD800-\uDFFF]/u.test(part) && Buffer.byteLength(part) <= 1024;

/** DynamoDB orders string keys by their UTF-8 bytes (JavaScript's `<` compares UTF-16 units). */
const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Whether a sort key meets the query's condition: a cursor past the condition is refused by DynamoDB. */
export function meetsSortKey(value: string, condition: SortKeyCondition): boolean {
  if ('beginsWith' in condition) return value.startsWith(condition.beginsWith);
  return byteOrder(condition.between[0], value) <= 0 && byteOrder(value, condition.between[1]) <= 0;
}

/** A cursor is the strings of our own key attributes, for this partition; anything else is refused rather than passed to DynamoDB. */
export function decodeCursor(index: IndexName, partition: string, cursor: string, sortKey?: SortKeyCondition): Record<string, string> {
  const names = indexKeys[index];
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  if (!Array.isArray(parts) || parts.length !== names.length + 1 || !parts.every(isKeyValue)) throw new InvalidCursor();
  // Made for this index: a gsi1 cursor has the shape of a gsi2 one, so the index is named in it.
  if (parts[0] !== index) throw new InvalidCursor();
  const key = Object.fromEntries(names.map((name, position) => [name, parts[position + 1] as string]));
  const partitionAttribute = index === 'table' ? 'pk' : `${index}pk`;
  if (key[partitionAttribute] !== partition) throw new InvalidCursor();
  const sortAttribute = index === 'table' ? 'sk' : `${index}sk`;
  if (sortKey && !meetsSortKey(key[sortAttribute] ?? '', sortKey)) throw new InvalidCursor();
  return key;
}

/**
 * One page of a partition, at most `limit` items, in sort-key order (newest first by default), and
 * an opaque cursor when more follow: the one typed query every admin list and report pages with.
 */
export async function queryPage(query: PageQuery): Promise<{ items: Item[]; cursor?: string }> {
  const pk = query.index === 'table' ? 'pk' : `${query.index}pk`;
  const sk = query.index === 'table' ? 'sk' : `${query.index}sk`;
  const values: Item = { ':pk': query.partition };
  let condition = `${pk} = :pk`;
  if (query.sortKey && 'beginsWith' in query.sortKey) {
    condition += ` AND begins_with(${sk}, :prefix)`;
    values[':prefix'] = query.sortKey.beginsWith;
  } else if (query.sortKey) {
    condition += ` AND ${sk} BETWEEN :from AND :to`;
    [values[':from'], values[':to']] = query.sortKey.between;
  }
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      ...(query.index === 'table' ? {} : { IndexName: query.index }),
      KeyConditionExpression: condition,
      ExpressionAttributeValues: values,
      ScanIndexForward: query.forward ?? false,
      Limit: query.limit,
      ...(query.cursor ? { ExclusiveStartKey: decodeCursor(query.index, query.partition, query.cursor, query.sortKey) } : {}),
    }),
  );
  return { items: page.Items ?? [], ...(page.LastEvaluatedKey ? { cursor: encodeCursor(query.index, page.LastEvaluatedKey) } : {}) };
}

/**
 * `SET` (and `REMOVE`, for fields set to undefined) of the given fields, with their names and values
 * as placeholders: the one update-expression builder. `condition` is added as given, its own
 * `#names`/`:values` merged in.
 */
export function updateExpression(
  changes: Record<string, unknown>,
  condition?: { expression: string; names?: Record<string, string>; values?: Item },
): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Item; ConditionExpression?: string } {
  const names: Record<string, string> = { ...condition?.names };
  const values: Item = { ...condition?.values };
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(changes).forEach(([field, value], position) => {
    names[`#u${position}`] = field;
    if (value === undefined) removes.push(`#u${position}`);
    else {
      values[`:u${position}`] = value;
      sets.push(`#u${position} = :u${position}`);
    }
  });
  if (!sets.length && !removes.length) throw new Error('updateExpression needs at least one change');
  return {
    UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    ...(condition ? { ConditionExpression: condition.expression } : {}),
  };
}
