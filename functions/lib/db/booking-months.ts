import * as bookingKeys from './keys/booking.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { toStoredBooking, type StoredBooking } from './bookings.ts';
import { documentClient, tableName } from './client.ts';
import { queryAll } from './query.ts';

/**
 * Bookings filed by the month they were made (gsi2: `BOOKINGS#yyyy-mm`, sorted by `status#createdAt`):
 * the staff list walks them, the dashboard counts them, the sweeper finds lapsed holds in them.
 */

/** Pending bookings created in the given months whose payment hold has passed. */
export async function expiredHolds(months: string[], now: number): Promise<StoredBooking[]> {
  const results = await Promise.all(
    months.map((month) =>
      queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :pending)',
        FilterExpression: 'hold_expires_at_ms < :now',
        ExpressionAttributeValues: { ':pk': bookingKeys.monthPartition(month), ':pending': bookingKeys.statusPrefix('pending'), ':now': now },
      }),
    ),
  );
  return results.flat().map(toStoredBooking);
}

/** Where a walk over one status of a month partition stopped: the gsi2 key of the last booking taken. */
export type MonthPosition = { pk: string; sk: string; gsi2pk: string; gsi2sk: string };

/** The position of a booking read from a month partition, to continue after it. */
export const positionOf = (item: Record<string, unknown>): MonthPosition => ({
  pk: String(item.pk),
  sk: String(item.sk),
  gsi2pk: String(item.gsi2pk),
  gsi2sk: String(item.gsi2sk),
});

/**
 * Up to `limit` bookings of one status made in a month (yyyy-mm), newest first, after `after`, and
 * made at or before `upTo` (a created_at) when given; `more` when the partition may hold further
 * ones. Items keep their key attributes (positionOf).
 */
export async function bookingsOfMonth(
  month: string,
  status: string,
  limit: number,
  after?: MonthPosition,
  upTo?: string,
): Promise<{ items: Array<Record<string, unknown>>; more: boolean }> {
  const prefix = bookingKeys.statusPrefix(status);
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: upTo === undefined ? 'gsi2pk = :pk AND begins_with(gsi2sk, :status)' : 'gsi2pk = :pk AND gsi2sk BETWEEN :status AND :upTo',
      ExpressionAttributeValues: {
        ':pk': bookingKeys.monthPartition(month),
        ':status': prefix,
        ...(upTo === undefined ? {} : { ':upTo': `${prefix}${upTo}` }),
      },
      ScanIndexForward: false,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: after } : {}),
    }),
  );
  return { items: page.Items ?? [], more: Boolean(page.LastEvaluatedKey) };
}

/** Whether any booking (of any status) was made in a month: one item read, to skip empty months. */
export async function monthHasBookings(month: string): Promise<boolean> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': bookingKeys.monthPartition(month) },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (page.Items?.length ?? 0) > 0;
}

/** Status and villa of every booking made in a month: what the dashboard counts (a projection, not the bookings). */
export async function monthSummary(month: string): Promise<Array<{ status: string; cottage_type: string; cottage_name: string }>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': bookingKeys.monthPartition(month) },
    ProjectionExpression: '#status, cottage_type, cottage_name',
    ExpressionAttributeNames: { '#status': 'status' },
  });
  return items.map((item) => ({ status: String(item.status), cottage_type: String(item.cottage_type), cottage_name: String(item.cottage_name) }));
}
