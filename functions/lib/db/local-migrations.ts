import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { cottages, stayTypes } from './catalogue.ts';
import { documentClient, tableName } from './client.ts';
import * as openHoldKeys from './keys/open-hold.ts';
import * as pricingRuleKeys from './keys/pricing-rule.ts';
import { queryAll, withoutStorageAttributes } from './query.ts';
import { stayTypeWrites } from './stay-type-writes.ts';
import { transact, TransactionRefused } from './transactions.ts';

/**
 * Moves of data that an older version of this code wrote, run by `npm start` on the local table
 * (infra/local/seed.ts) before anything reads it. Each is safe to run again and to interrupt.
 */

/**
 * Pricing rules once had a partition each, listed on gsi1; they now share one partition, read
 * strongly (functions/lib/db/keys/pricing-rule.ts). Each rule moves in one transaction (the new
 * item, only if absent, and the old one's delete). Answers how many were moved.
 */
export async function moveLegacyPricingRules(): Promise<number> {
  const legacy = (
    await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pricingRuleKeys.listPartition } })
  ).filter((item) => String(item.pk).startsWith(pricingRuleKeys.legacyItem('').pk));
  for (const item of legacy) {
    const rule = withoutStorageAttributes(item);
    await transact([
      {
        Put: {
          TableName: tableName,
          Item: { ...pricingRuleKeys.item(String(rule.id)), entity: 'pricing-rule', ...rule },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Delete: { TableName: tableName, Key: { pk: String(item.pk), sk: String(item.sk) } } },
    ]).catch((error: unknown) => {
      // Moved already by a start that stopped before the delete: only the old copy goes.
      if (!(error instanceof TransactionRefused)) throw error;
      return documentClient.send(new DeleteCommand({ TableName: tableName, Key: { pk: String(item.pk), sk: String(item.sk) } }));
    });
  }
  return legacy.length;
}

type Item = Record<string, unknown>;

/** Item types that once stored camelCase attributes (open-hold owner items carry no `entity`: told by their key). */
const camelEntities = new Set([
  'booking',
  'booking-reference',
  'idempotency',
  'user',
  'user-email',
  'user-counts',
  'signup',
  'login-attempts',
  'order',
  'payment-order',
  'connection',
  'connection-audience',
  'night',
  'seats',
  'effect',
  'seed',
  'report-day',
]);

/** Key, index and TTL attributes keep their names (the TTL's is the table's setting). */
const keptNames = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'expiresAt']);

/** `roomNights#deluxe` -> `room_nights#deluxe`: a dimension after `#` is a value, not a name. */
const snake = (name: string): string => name.replace(/^[^#]+/, (base) => base.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));

const renamed = (value: Item): Item => Object.fromEntries(Object.entries(value).map(([name, field]) => [keptNames.has(name) ? name : snake(name), field]));

/**
 * An item in today's names. Maps of our own (a booking's claims, a membership's account) are
 * renamed too; wire objects stored as maps (the quote, the safaris, audit snapshots, feed data)
 * keep the wire's names.
 */
export function inSnakeCase(item: Item): Item {
  const next = renamed(item);
  if (item.entity === 'night' && 'holdExpiresAt' in item) {
    next.hold_expires_at_ms = item.holdExpiresAt;
    delete next.hold_expires_at;
  }
  if (item.entity === 'booking' && typeof item.claims === 'object' && item.claims !== null) {
    const claims = renamed(item.claims as Item);
    if (Array.isArray(claims.seats)) claims.seats = (claims.seats as Item[]).map(renamed);
    next.claims = claims;
  }
  if (item.entity === 'connection-audience' && typeof item.account === 'object' && item.account !== null) next.account = renamed(item.account as Item);
  return next;
}

const isCamelType = (item: Item): boolean =>
  camelEntities.has(String(item.entity)) || (item.entity === undefined && String(item.pk).startsWith(openHoldKeys.of('').pk));

/**
 * Stored attributes are snake_case; an older version wrote some camelCase (a booking's
 * `holdExpiresAtMs` and `claims.cottageIds`, an idempotency record's `requestHash`...). Each such
 * item is written again in today's names, only if it is still as read; one already in today's
 * names is left alone, so a second run changes nothing. Answers how many were rewritten.
 */
export async function moveToSnakeCase(): Promise<number> {
  let moved = 0;
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await documentClient.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      if (!isCamelType(item)) continue;
      const next = inSnakeCase(item);
      if (JSON.stringify(next) === JSON.stringify(item)) continue;
      try {
        // Not brought back if it went meanwhile (a TTL expiry, a released night).
        await documentClient.send(new PutCommand({ TableName: tableName, Item: next, ConditionExpression: 'attribute_exists(pk)' }));
        moved += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return moved;
}

/**
 * Villa types were once fixed in code, their cards read from their first unit; they are now items
 * of their own (keys/stay-type.ts). Each type a unit names that has no item gets one, made from its
 * first unit by id (card, price, capacity: the largest unit's), only if still absent. Answers how
 * many were made.
 */
export async function createMissingStayTypes(): Promise<number> {
  const [types, units] = await Promise.all([stayTypes.list(), cottages.list()]);
  const known = new Set(types.map((type) => type.id));
  let made = 0;
  for (const id of [...new Set(units.map((unit) => unit.type))].filter((type) => !known.has(type)).sort()) {
    const own = units.filter((unit) => unit.type === id).sort((a, b) => a.id.localeCompare(b.id));
    const [first] = own;
    if (!first) continue;
    const type = {
      id,
      name: first.name,
      description: first.description,
      base_price: first.base_price,
      max_guests: Math.max(...own.map((unit) => unit.max_guests)),
      size_sqft: first.size_sqft,
      amenities: first.amenities,
      images: first.images,
      status: 'active' as const,
    };
    try {
      await documentClient.send(new PutCommand({ TableName: tableName, Item: stayTypeWrites.toItem(type), ConditionExpression: 'attribute_not_exists(pk)' }));
      made += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return made;
}
