import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UserRole } from '../../../shared/users.ts';
import { documentClient, tableName } from './client.ts';
import * as userKeys from './keys/user.ts';

/**
 * What a signed-in request checks of its account (functions/lib/account-state.ts): role, status
 * and token version only, read strongly and projected, so no password hash leaves the table. Apart
 * from users.ts so that every signed-in function carries this one read and no user schema.
 */
export async function readAccountStanding(userId: string): Promise<{ role: UserRole; status: string; tokenVersion: number } | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName,
      Key: userKeys.item(userId),
      ConsistentRead: true,
      ProjectionExpression: '#role, #status, token_version',
      ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
    }),
  );
  if (!Item) return undefined;
  return { role: Item.role as UserRole, status: String(Item.status), tokenVersion: Number(Item.token_version ?? 0) };
}
