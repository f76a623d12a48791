import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { userKeys } from './keys.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_SECONDS = 15 * 60;

/**
 * Counts a sign-in attempt before the password is checked, atomically, in a 15-minute window that
 * starts at the first attempt; an expired window starts over. Counting first means parallel
 * guesses cannot all slip in before the first failure is written. Returns the attempt's number in
 * the window and when the window ends (epoch seconds).
 */
export async function countLoginAttempt(email: string, now: number): Promise<{ attempt: number; windowEndsAt: number }> {
  const nowSeconds = Math.floor(now / 1000);
  const key = userKeys.loginAttempts(email);
  for (let round = 0; round < 3; round += 1) {
    try {
      const result = await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD attempts :one SET entity = :entity',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':entity': 'login-attempts', ':now': nowSeconds },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { attempt: Number(result.Attributes?.attempts), windowEndsAt: Number(result.Attributes?.expiresAt) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    // No window, or an expired one: start one with this attempt, unless a racer just did (then count in theirs).
    const windowEndsAt = nowSeconds + LOCKOUT_SECONDS;
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key, entity: 'login-attempts', attempts: 1, expiresAt: windowEndsAt },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return { attempt: 1, windowEndsAt };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error('Could not count a sign-in attempt');
}

/** A successful sign-in ends the window. */
export async function clearLoginAttempts(email: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: userKeys.loginAttempts(email) }));
}
