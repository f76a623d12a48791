import type { UserStatus } from '../../../shared/user-schemas.ts';
import type { PublicUser, UserRole } from '../../../shared/users.ts';
import { tableName } from './client.ts';
import * as userKeys from './keys/user.ts';
import { updateExpression } from './query.ts';
import { transact, TransactionRefused } from './transactions.ts';
import type { Standing, TransactItem } from './user-counts.ts';
import { changeCounted, getStoredUser, publicOf, unchangedSince } from './users.ts';

/**
 * Staff changes of an account: each writes the user conditioned on the role and status it was
 * read with, moves the counts (and with them the last-admin rule) and writes `audit`, in one
 * transaction (users.ts `changeCounted`).
 */

/** Whether going from `before` to `after` must end the account's sessions: a role change, or any status but active. */
export const endsSessions = (before: Standing, after: Standing): boolean =>
  before.role !== after.role || (before.status !== after.status && after.status !== 'active');

export type UserChanges = { name?: string; phone?: string; department?: string; role?: UserRole; status?: UserStatus };

/**
 * An admin's change of a user: the user item (conditioned on the role and status it was read
 * with), the counts (and the last-admin rule) and `audit` of before and after, in one transaction.
 * A role change or a status other than active moves `token_version` on in the same write. A user
 * changed meanwhile is read again (a few times). `check` may refuse the change once it is known
 * (throw). Undefined when the user does not exist.
 */
export function updateUser(
  userId: string,
  changes: UserChanges,
  audit: (before: PublicUser, after: PublicUser) => TransactItem,
  check: (before: PublicUser, after: PublicUser) => void | Promise<void> = () => undefined,
): Promise<{ before: PublicUser; after: PublicUser } | undefined> {
  return changeCounted(userId, async (stored) => {
    if (!stored) return { done: undefined };
    const before = publicOf(stored);
    const set: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(changes) as [keyof UserChanges, string | undefined][]) {
      if (value === undefined) continue;
      if (field === 'department' && value === '') {
        if (before.department !== undefined) set.department = undefined;
      } else if (before[field] !== value) set[field] = value;
    }
    if (!Object.keys(set).length) return { done: { before, after: before } };
    const updatedAt = new Date().toISOString();
    const after = { ...before, ...set, updatedAt } as PublicUser;
    if (set.department === undefined && 'department' in set) delete after.department;
    await check(before, after);
    const expression = updateExpression({ ...set, updated_at: updatedAt }, unchangedSince(before));
    const ending = endsSessions(before, after);
    return {
      write: {
        Update: {
          TableName: tableName,
          Key: userKeys.item(userId),
          ...expression,
          ...(ending
            ? {
                UpdateExpression: `${expression.UpdateExpression} ADD token_version :one_more`,
                ExpressionAttributeValues: { ...expression.ExpressionAttributeValues, ':one_more': 1 },
              }
            : {}),
        },
      },
      after,
      then: [audit(before, after)],
      result: { before, after },
    };
  });
}

/**
 * Deletes a user and its e-mail claim (their bookings stay, under the e-mail they were made with),
 * with the counts and `audit`, in one transaction. Undefined when the user does not exist.
 */
export function deleteUser(
  userId: string,
  audit: (before: PublicUser) => TransactItem,
  check: (before: PublicUser) => void | Promise<void> = () => undefined,
): Promise<PublicUser | undefined> {
  return changeCounted(userId, async (stored) => {
    if (!stored) return { done: undefined };
    const before = publicOf(stored);
    await check(before);
    const condition = unchangedSince(before);
    return {
      write: {
        Delete: {
          TableName: tableName,
          Key: userKeys.item(userId),
          ConditionExpression: condition.expression,
          ExpressionAttributeNames: condition.names,
          ExpressionAttributeValues: condition.values,
        },
      },
      with: [
        {
          Delete: {
            TableName: tableName,
            Key: userKeys.email(before.email),
            ConditionExpression: 'attribute_not_exists(pk) OR user_id = :id',
            ExpressionAttributeValues: { ':id': userId },
          },
        },
      ],
      after: undefined,
      then: [audit(before)],
      result: before,
    };
  });
}

/** Sets a new password hash and ends every session of the account, with `audit`, in one transaction. */
export async function setUserPassword(userId: string, passwordHash: string, audit: (user: PublicUser) => TransactItem): Promise<PublicUser | undefined> {
  const stored = await getStoredUser(userId);
  if (!stored) return undefined;
  const user = { ...publicOf(stored), updatedAt: new Date().toISOString() };
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(userId),
          UpdateExpression: 'SET password_hash = :hash, updated_at = :at ADD token_version :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':hash': passwordHash, ':at': user.updatedAt, ':one': 1 },
        },
      },
      audit(user),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0)) return undefined;
    throw error;
  }
  return user;
}

/**
 * The admin recovery path (npm run create-admin, the local admin): the account becomes an active
 * admin with this password, ending its sessions; the counts move in the same transaction.
 */
export function setUserCredentials(userId: string, changes: { passwordHash: string; role: UserRole }): Promise<void> {
  return changeCounted(userId, (stored) => {
    if (!stored) throw new Error(`User ${userId} does not exist`);
    const condition = unchangedSince(stored);
    return {
      write: {
        Update: {
          TableName: tableName,
          Key: userKeys.item(userId),
          // New credentials end every session signed with the old ones.
          UpdateExpression: 'SET password_hash = :hash, #role = :role, #status = :active ADD token_version :one',
          ConditionExpression: condition.expression,
          ExpressionAttributeNames: { ...condition.names, '#role': 'role', '#status': 'status' },
          ExpressionAttributeValues: { ...condition.values, ':hash': changes.passwordHash, ':role': changes.role, ':active': 'active', ':one': 1 },
        },
      },
      after: { role: changes.role, status: 'active' },
      result: undefined,
    };
  });
}
