import type { DateBlock } from '../../../shared/blocks.ts';
import { nightsBetween } from '../../../shared/stay.ts';
import { tableName } from './client.ts';
import { claimNightForBlock, releaseBlockedNight } from './inventory.ts';
import * as blockKeys from './keys/block.ts';
import { getItem, queryAll, withoutStorageAttributes } from './query.ts';

/**
 * A date block as stored (`BLOCK#id`): which unit, which nights (check-out exclusive, like a stay),
 * why, and who made it. The nights themselves are the unit's night items, held with `block_id`
 * (functions/lib/db/inventory.ts), so a booking and a block can never hold the same night.
 */
export type StoredBlock = {
  id: string;
  cottage_id: string;
  cottage_name: string;
  cottage_type: string;
  check_in: string;
  check_out: string;
  reason: string;
  created_at: string;
  created_by: { id: string; name: string };
};

const itemOf = (block: StoredBlock) => ({ ...blockKeys.item(block.id), ...blockKeys.listing(block.check_out, block.id), entity: 'block', ...block });

/** The block and the claim of each of its nights, for one transaction: refused if any night is taken. */
export function createBlockWrites(block: StoredBlock, nights: readonly string[], now: number) {
  return [
    { Put: { TableName: tableName, Item: itemOf(block), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...nights.map((night) => claimNightForBlock(block.cottage_id, night, block.id, now)),
  ];
}

/** The block's removal and the release of its nights, for one transaction: refused if it is already gone. */
export function deleteBlockWrites(block: StoredBlock, nights: readonly string[]) {
  return [
    { Delete: { TableName: tableName, Key: blockKeys.item(block.id), ConditionExpression: 'attribute_exists(pk)' } },
    ...nights.map((night) => releaseBlockedNight(block.cottage_id, night, block.id)),
  ];
}

/** One block, read strongly (its removal releases exactly the nights it names). */
export async function getBlock(id: string): Promise<StoredBlock | undefined> {
  const item = await getItem(blockKeys.item(id), true);
  return item ? (withoutStorageAttributes(item) as StoredBlock) : undefined;
}

/** Every block whose check-out is after `date` (still running on it or later), soonest check-out first. */
export async function blocksEndingAfter(date: string): Promise<StoredBlock[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :after',
    ExpressionAttributeValues: { ':pk': blockKeys.listPartition, ':after': `${date}#\uffff` },
  });
  return items.map((item) => withoutStorageAttributes(item) as StoredBlock);
}

/** The API's shape of a stored block. */
export const toDateBlock = (block: StoredBlock): DateBlock => ({
  id: block.id,
  cottageId: block.cottage_id,
  cottageName: block.cottage_name,
  cottageType: block.cottage_type,
  checkIn: block.check_in,
  checkOut: block.check_out,
  nights: nightsBetween(block.check_in, block.check_out),
  reason: block.reason,
  createdAt: block.created_at,
  createdBy: block.created_by,
});
