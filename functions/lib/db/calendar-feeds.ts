import { tableName } from './client.ts';
import * as cottageKeys from './keys/cottage.ts';
import { batchGetAll, getItem } from './query.ts';

/**
 * A unit's calendar feed (`COTTAGE#id` / `ICAL`): only the version its export token is derived from
 * (functions/lib/channels/feed-token.ts). No token is stored: a copy of the table opens no feed.
 * A unit that never rotated its token has no item, and version 1.
 */
const FIRST_VERSION = 1;

export async function feedVersion(unitId: string): Promise<number> {
  const item = await getItem(cottageKeys.calendarFeed(unitId), true);
  return typeof item?.version === 'number' ? item.version : FIRST_VERSION;
}

/** Each unit's feed version. */
export async function feedVersions(unitIds: readonly string[]): Promise<Map<string, number>> {
  const versions = new Map(unitIds.map((id) => [id, FIRST_VERSION]));
  for (const item of await batchGetAll(
    unitIds.map((id) => cottageKeys.calendarFeed(id)),
    { consistent: true },
  ))
    if (typeof item.unit_id === 'string' && typeof item.version === 'number') versions.set(item.unit_id, item.version);
  return versions;
}

/** The write moving a unit's feed to the next version, for a transaction: refused if someone rotated it since `seen` was read. */
export function rotateFeedWrite(unitId: string, seen: number) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...cottageKeys.calendarFeed(unitId), entity: 'calendar-feed', unit_id: unitId, version: seen + 1 },
      ConditionExpression: seen === FIRST_VERSION ? 'attribute_not_exists(pk) OR version = :seen' : 'version = :seen',
      ExpressionAttributeValues: { ':seen': seen },
    },
  };
}
