import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { publicUserSchema, type UserStatus } from '../../../shared/user-schemas.ts';
import type { PublicUser, UserRole } from '../../../shared/users.ts';
import { documentClient, tableName } from './client.ts';
import { normaliseEmail } from './keys.ts';
import * as userKeys from './keys/user.ts';
import { getItem, queryPage, updateExpression, withoutStorageAttributes } from './query.ts';
import { TransactionRefused } from './transactions.ts';
import { countsWrite, transactCounted, type Standing, type TransactItem } from './user-counts.ts';

/**
 * A user (`USER#id`) and the claim on its e-mail (`EMAIL#email`, unique case-insensitively): the
 * stored shape, the reads, the sign-up, and the account's own changes. Staff changes are in
 * user-admin.ts, a guest's activation in user-activation.ts; each moves the counts (user-counts.ts)
 * in its own transaction.
 */

export type NewUser = {
  name: string;
  email: string;
  phone?: string;
  role: UserRole;
  passwordHash: string;
  status?: UserStatus;
  department?: string;
  /** A guest's own sign-up: pending until the link e-mailed to them is opened (functions/lib/accounts.ts). */
  awaitingActivation?: boolean;
};

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

/** The user kept changing under us (another admin at the same moment): say so rather than guess. */
export class UserChangedError extends Error {
  constructor() {
    super('This user was changed by someone else at the same time. Please reload and try again.');
  }
}

/**
 * `tokenVersion` moves on with every change that must end the account's sessions (functions/lib/account-state.ts).
 * `awaitingActivation`: a guest's sign-up whose e-mailed link has not been opened yet (status pending).
 */
export type StoredUser = PublicUser & { passwordHash: string; tokenVersion: number; awaitingActivation: boolean };

/** The wire's `createdAt`/`updatedAt` are stored snake_case, as every stored attribute is. */
const toPublicUser = (item: Record<string, unknown>): PublicUser => {
  const { created_at, updated_at, password_hash: _hash, token_version: _version, awaiting_activation: _awaiting, ...rest } = withoutStorageAttributes(item);
  return z.parse(publicUserSchema, { ...rest, createdAt: created_at, ...(updated_at === undefined ? {} : { updatedAt: updated_at }) });
};

const toStoredUser = (item: Record<string, unknown>): StoredUser => ({
  ...toPublicUser(item),
  passwordHash: typeof item.password_hash === 'string' ? item.password_hash : '',
  tokenVersion: Number(item.token_version ?? 0),
  awaitingActivation: item.awaiting_activation === true,
});

/** The stored attributes of a user's wire fields. */
export const userAttributes = (user: PublicUser): Record<string, unknown> => {
  const { createdAt, updatedAt, ...rest } = user;
  return { ...rest, created_at: createdAt, ...(updatedAt === undefined ? {} : { updated_at: updatedAt }) };
};

/**
 * Creates a user and claims its e-mail in one transaction, so two sign-ups can never share one,
 * with the counts and whatever `also` adds (the admin's audit entry).
 */
export async function createUser(input: NewUser, also: (user: PublicUser) => TransactItem[] = () => []): Promise<PublicUser> {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const user: PublicUser = {
    id,
    name: input.name,
    email: normaliseEmail(input.email),
    ...(input.phone ? { phone: input.phone } : {}),
    role: input.role,
    status: input.status ?? 'active',
    ...(input.department ? { department: input.department } : {}),
    createdAt,
  };
  const counts = countsWrite(undefined, user);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: { ...userKeys.email(user.email), entity: 'user-email', user_id: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...userKeys.item(id),
          ...userKeys.listing(createdAt, id),
          entity: 'user',
          ...userAttributes(user),
          password_hash: input.passwordHash,
          token_version: 0,
          ...(input.awaitingActivation ? { awaiting_activation: true } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(counts ? [counts] : []),
    ...also(user),
  ];
  try {
    await transactCounted(items, counts ? 2 : undefined);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0)) throw new EmailTakenError();
    throw error;
  }
  return user;
}

export async function findUserByEmail(email: string): Promise<StoredUser | undefined> {
  const claim = await getItem(userKeys.email(email), true);
  if (!claim || typeof claim.user_id !== 'string') return undefined;
  const item = await getItem(userKeys.item(claim.user_id), true);
  if (!item || typeof item.password_hash !== 'string') return undefined;
  return toStoredUser(item);
}

export async function getStoredUser(userId: string): Promise<StoredUser | undefined> {
  const item = await getItem(userKeys.item(userId), true);
  return item && item.entity === 'user' ? toStoredUser(item) : undefined;
}

export async function getUser(userId: string): Promise<PublicUser | undefined> {
  const item = await getItem(userKeys.item(userId), true);
  return item ? toPublicUser(item) : undefined;
}

export const publicOf = (user: StoredUser): PublicUser => {
  const { passwordHash: _hash, tokenVersion: _version, awaitingActivation: _awaiting, ...rest } = user;
  return rest;
};

/** The condition that the user is still as read: its role and status decide the counts moved with the write. */
export const unchangedSince = (user: Standing) => ({
  expression: 'attribute_exists(pk) AND #was_role = :was_role AND #was_status = :was_status',
  names: { '#was_role': 'role', '#was_status': 'status' },
  values: { ':was_role': user.role, ':was_status': user.status },
});

/** A counted change of one user, as planned from the user as stored (undefined: not there). */
export type CountedChange<T> = {
  /** The user item's own write, conditioned on `unchangedSince` the read: first in the transaction. */
  write: TransactItem;
  /** Items between the user's write and the counts. */
  with?: TransactItem[];
  /** The user's standing after the change (undefined: deleted): the counts move from the read to this. */
  after: Standing | undefined;
  /** Items after the counts. */
  then?: TransactItem[];
  result: T;
  /** A refusal of another item that is itself the answer (a link used meanwhile, say). */
  refused?: (failed: number[]) => { done: T } | undefined;
};

/**
 * Read, plan, write with the counts, in one transaction; a user changed meanwhile (its own write
 * refused) is read and planned again, a few times, then UserChangedError. `plan` answers
 * `{ done }` when there is nothing to write (no such user, nothing changes).
 */
export async function changeCounted<T>(
  userId: string,
  plan: (stored: StoredUser | undefined) => CountedChange<T> | { done: T } | Promise<CountedChange<T> | { done: T }>,
): Promise<T> {
  for (let round = 0; round < 4; round += 1) {
    const stored = await getStoredUser(userId);
    const change = await plan(stored);
    if ('done' in change) return change.done;
    const counts = countsWrite(stored, change.after);
    const before = change.with ?? [];
    try {
      await transactCounted([change.write, ...before, ...(counts ? [counts] : []), ...(change.then ?? [])], counts ? 1 + before.length : undefined);
      return change.result;
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const answer = change.refused?.(error.failed);
      if (answer) return answer.done;
      if (error.failed.includes(0)) continue;
      throw error;
    }
  }
  throw new UserChangedError();
}

/** One page of all users, newest first. */
export async function listUsersPage(limit: number, cursor?: string): Promise<{ items: PublicUser[]; cursor?: string }> {
  const page = await queryPage({ index: 'gsi1', partition: userKeys.listPartition, limit, cursor });
  return { items: page.items.map(toPublicUser), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** A successful sign-in: one small update (no condition on role or status, so it never races an admin's change). */
export async function recordSignIn(userId: string, at: string): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.item(userId),
        UpdateExpression: 'SET last_login = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Changes the fields a user may edit about themselves; e-mail and role are not among them.
 * Undefined when the user does not exist (deleted while their token is still valid): never recreated.
 */
export async function updateProfile(userId: string, changes: { name?: string; phone?: string }): Promise<PublicUser | undefined> {
  const entries = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(entries).length === 0) return getUser(userId);
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.item(userId),
        ...updateExpression(entries, { expression: 'attribute_exists(pk)' }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toPublicUser(result.Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
