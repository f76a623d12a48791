import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { type Audience } from './keys.ts';
import * as connectionKeys from './keys/connection.ts';
import { queryAll } from './query.ts';
import type { UserRole } from '../../../shared/users.ts';

/** API Gateway closes WebSocket connections after 2 hours; TTL cleans up rows it never told us about. */
const CONNECTION_LIFETIME_SECONDS = 2 * 60 * 60 + 5 * 60;
const expiry = () => Math.floor(Date.now() / 1000) + CONNECTION_LIFETIME_SECONDS;

export async function openConnection(connectionId: string, connectedAt: string): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...connectionKeys.session(connectionId), entity: 'connection', connection_id: connectionId, connected_at: connectedAt, expiresAt: expiry() },
    }),
  );
}

/** The account a membership was granted to (staff and a guest's own channel): checked again at every fan-out. */
export type MemberAccount = { userId: string; role: UserRole; tokenVersion: number };

export async function joinAudience(connectionId: string, audience: Audience, account?: MemberAccount): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...connectionKeys.membership(connectionId, audience),
        entity: 'connection-audience',
        connection_id: connectionId,
        audience,
        // A map of our own: stored snake_case like the attributes.
        ...(account ? { account: { user_id: account.userId, role: account.role, token_version: account.tokenVersion } } : {}),
        expiresAt: expiry(),
      },
    }),
  );
}

/** The connections of an audience, each with the account it joined as (if it had to prove one). */
export async function membersOf(audience: Audience): Promise<Array<{ connectionId: string; account?: MemberAccount }>> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': connectionKeys.audiencePartition(audience) },
    ProjectionExpression: 'gsi1sk, account',
  });
  return items.map((item) => {
    const account = item.account as { user_id: string; role: UserRole; token_version: number } | undefined;
    return {
      connectionId: String(item.gsi1sk),
      ...(account ? { account: { userId: account.user_id, role: account.role, tokenVersion: account.token_version } } : {}),
    };
  });
}

/** Deletes the connection's session and memberships (25 per batch, the BatchWriteItem limit). */
export async function closeConnection(connectionId: string): Promise<void> {
  const rows = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': connectionKeys.partition(connectionId) },
    ProjectionExpression: 'pk, sk',
  });
  for (let start = 0; start < rows.length; start += 25) {
    let requests = rows.slice(start, start + 25).map((row) => ({ DeleteRequest: { Key: { pk: row.pk, sk: row.sk } } }));
    while (requests.length) {
      const result = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}
