import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { publicUserSchema } from '../../../shared/user-schemas.ts';
import type { PublicUser, UserRole } from '../../../shared/users.ts';
import { documentClient, tableName } from './client.ts';
import { normaliseEmail, userKeys } from './keys.ts';
import { getItem, withoutStorageAttributes } from './query.ts';

export type NewUser = { name: string; email: string; phone?: string; role: UserRole; passwordHash: string };

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

/** Creates a user and claims its e-mail in one transaction, so two sign-ups can never share one. */
export async function createUser(input: NewUser): Promise<PublicUser> {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const user: PublicUser = {
    id,
    name: input.name,
    email: normaliseEmail(input.email),
    ...(input.phone ? { phone: input.phone } : {}),
    role: input.role,
    status: 'active',
    createdAt,
  };
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...userKeys.email(user.email), entity: 'user-email', userId: id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...userKeys.item(id), ...userKeys.listing(createdAt, id), entity: 'user', ...user, passwordHash: input.passwordHash },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') throw new EmailTakenError();
    throw error;
  }
  return user;
}

/** `tokenVersion` moves on with every change that must end the account's sessions (functions/lib/account-state.ts). */
export type StoredUser = PublicUser & { passwordHash: string; tokenVersion: number };

export async function findUserByEmail(email: string): Promise<StoredUser | undefined> {
  const claim = await getItem(userKeys.email(email), true);
  if (!claim || typeof claim.userId !== 'string') return undefined;
  const item = await getItem(userKeys.item(claim.userId), true);
  if (!item || typeof item.passwordHash !== 'string') return undefined;
  return { ...v.parse(publicUserSchema, withoutStorageAttributes(item)), passwordHash: item.passwordHash, tokenVersion: Number(item.token_version ?? 0) };
}

export async function setUserCredentials(userId: string, changes: { passwordHash: string; role: UserRole }): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: userKeys.item(userId),
      // New credentials end every session signed with the old ones.
      UpdateExpression: 'SET passwordHash = :hash, #role = :role ADD token_version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':hash': changes.passwordHash, ':role': changes.role, ':one': 1 },
    }),
  );
}

export async function getUser(userId: string): Promise<PublicUser | undefined> {
  const item = await getItem(userKeys.item(userId), true);
  return item ? v.parse(publicUserSchema, withoutStorageAttributes(item)) : undefined;
}

/**
 * Changes the fields a user may edit about themselves; e-mail and role are not among them.
 * Undefined when the user does not exist (deleted while their token is still valid): never recreated.
 */
export async function updateProfile(userId: string, changes: { name?: string; phone?: string }): Promise<PublicUser | undefined> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return getUser(userId);
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.item(userId),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([field], index) => [`#f${index}`, field])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return v.parse(publicUserSchema, withoutStorageAttributes(result.Attributes ?? {}));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
