import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { userKeys } from './keys.ts';
import { getItem } from './query.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_SECONDS = 15 * 60;

/** Seconds until sign-in is allowed again for this e-mail, or 0. */
export async function lockedForSeconds(email: string, now: number): Promise<number> {
  const item = await getItem(userKeys.loginAttempts(email), true);
  if (!item) return 0;
  const until = Number(item.expiresAt) * 1000;
  return Number(item.failures) >= MAX_FAILED_LOGINS && until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts a failure in a 15-minute window that starts at the first failure. */
export async function recordFailedLogin(email: string, now: number): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: userKeys.loginAttempts(email),
      UpdateExpression: 'ADD failures :one SET entity = :entity, expiresAt = if_not_exists(expiresAt, :until)',
      ExpressionAttributeValues: { ':one': 1, ':entity': 'login-attempts', ':until': Math.floor(now / 1000) + LOCKOUT_SECONDS },
    }),
  );
}

export async function clearFailedLogins(email: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: userKeys.loginAttempts(email) }));
}
