import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { LAST_ADMIN_MESSAGE, type UserCounts } from '../../../shared/admin-users.ts';
import { publicUserSchema, type UserStatus } from '../../../shared/user-schemas.ts';
import type { PublicUser, UserRole } from '../../../shared/users.ts';
import { documentClient, tableName } from './client.ts';
import { normaliseEmail } from './keys.ts';
import * as userKeys from './keys/user.ts';
import { getItem, queryAll, queryPage, updateExpression, withoutStorageAttributes } from './query.ts';
import { transact, TransactionRefused } from './transactions.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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

/** The change would leave no active administrator: refused in the write's own transaction. */
export class LastAdminError extends Error {
  constructor() {
    super(LAST_ADMIN_MESSAGE);
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

const toPublicUser = (item: Record<string, unknown>): PublicUser => z.parse(publicUserSchema, withoutStorageAttributes(item));

const toStoredUser = (item: Record<string, unknown>): StoredUser => ({
  ...toPublicUser(item),
  passwordHash: typeof item.passwordHash === 'string' ? item.passwordHash : '',
  tokenVersion: Number(item.token_version ?? 0),
  awaitingActivation: item.awaitingActivation === true,
});

// ---------------------------------------------------------------------------------------------
// Counts: one item holds the Users tab's four counts and the number of active admins. Every write
// that adds, removes or changes the role or status of a user moves it in the same transaction; one
// that takes away an active admin is conditioned on there being another (`activeAdmins > 1`), so
// two admins demoting each other at once cannot both succeed (DynamoDB serialises transactions on
// the item: the second one's condition sees the first's result).
// ---------------------------------------------------------------------------------------------

type Standing = { role: UserRole; status: string };
type Tally = UserCounts & { activeAdmins: number };
const countFields = ['total', 'active', 'admins', 'customers', 'activeAdmins'] as const;

const tallyOf = (user: Standing | undefined): Tally => ({
  total: user ? 1 : 0,
  active: user?.status === 'active' ? 1 : 0,
  admins: user?.role === 'admin' ? 1 : 0,
  customers: user?.role === 'customer' ? 1 : 0,
  activeAdmins: user?.role === 'admin' && user.status === 'active' ? 1 : 0,
});

const isActiveAdmin = (user: Standing | undefined): boolean => user?.role === 'admin' && user.status === 'active';

/** The counts item's update for a user going from `before` to `after` (undefined: not there), if any count moves. */
function countsWrite(before: Standing | undefined, after: Standing | undefined): TransactItem | undefined {
  const from = tallyOf(before);
  const to = tallyOf(after);
  const moves = countFields.map((field) => [field, to[field] - from[field]] as const).filter(([, delta]) => delta !== 0);
  if (!moves.length) return undefined;
  const leaving = isActiveAdmin(before) && !isActiveAdmin(after);
  return {
    Update: {
      TableName: tableName,
      Key: userKeys.counts,
      UpdateExpression: `ADD ${moves.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      // The item exists (it is created from the users on first need), and an active admin remains.
      ConditionExpression: leaving ? 'attribute_exists(pk) AND activeAdmins > :one' : 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(moves.map(([field], index) => [`#c${index}`, field])),
      ExpressionAttributeValues: { ...Object.fromEntries(moves.map(([, delta], index) => [`:c${index}`, delta])), ...(leaving ? { ':one': 1 } : {}) },
    },
  };
}

/**
 * Creates the counts item from the users when it does not exist yet (a table from before it, or a
 * fresh one). No counted write can commit while it is missing (each is conditioned on it), so the
 * count it starts from stays right.
 */
export async function ensureUserCounts(): Promise<void> {
  if (await getItem(userKeys.counts, true)) return;
  const users = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': userKeys.listPartition },
    ProjectionExpression: '#role, #status',
    ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
  });
  const tally = tallyOf(undefined);
  for (const user of users) {
    const one = tallyOf(user as Standing);
    for (const field of countFields) tally[field] += one[field];
  }
  try {
    await documentClient.send(
      new PutCommand({ TableName: tableName, Item: { ...userKeys.counts, entity: 'user-counts', ...tally }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The Users tab's counts. */
export async function readUserCounts(): Promise<UserCounts> {
  let item = await getItem(userKeys.counts, true);
  if (!item) {
    await ensureUserCounts();
    item = await getItem(userKeys.counts, true);
  }
  return { total: Number(item?.total ?? 0), active: Number(item?.active ?? 0), admins: Number(item?.admins ?? 0), customers: Number(item?.customers ?? 0) };
}

/** How many admins are active now (the last-admin rule's count). */
export async function activeAdminCount(): Promise<number> {
  await ensureUserCounts();
  return Number((await getItem(userKeys.counts, true))?.activeAdmins ?? 0);
}

/**
 * Runs a counted transaction. A refusal on the counts item means it is missing (created, then the
 * write is tried again) or the last active admin would go (LastAdminError). Other refusals are
 * passed on with their indexes.
 */
async function transactCounted(items: TransactItem[], countsIndex: number | undefined): Promise<void> {
  for (let round = 0; ; round += 1) {
    try {
      await transact(items);
      return;
    } catch (error) {
      if (!(error instanceof TransactionRefused) || countsIndex === undefined || !error.failed.includes(countsIndex)) throw error;
      if (round > 0 || (await getItem(userKeys.counts, true))) {
        // Another item's condition may have failed too: that one is the answer (e.g. the e-mail is taken).
        if (error.failed.some((index) => index !== countsIndex)) throw new TransactionRefused(error.failed.filter((index) => index !== countsIndex));
        throw new LastAdminError();
      }
      await ensureUserCounts();
    }
  }
}

// ---------------------------------------------------------------------------------------------

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
        Item: { ...userKeys.email(user.email), entity: 'user-email', userId: id },
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
          ...user,
          passwordHash: input.passwordHash,
          token_version: 0,
          ...(input.awaitingActivation ? { awaitingActivation: true } : {}),
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
  if (!claim || typeof claim.userId !== 'string') return undefined;
  const item = await getItem(userKeys.item(claim.userId), true);
  if (!item || typeof item.passwordHash !== 'string') return undefined;
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

const publicOf = (user: StoredUser): PublicUser => {
  const { passwordHash: _hash, tokenVersion: _version, awaitingActivation: _awaiting, ...rest } = user;
  return rest;
};

/** The condition that the user is still as read: its role and status decide the counts moved with the write. */
const unchangedSince = (user: Standing) => ({
  expression: 'attribute_exists(pk) AND #was_role = :was_role AND #was_status = :was_status',
  names: { '#was_role': 'role', '#was_status': 'status' },
  values: { ':was_role': user.role, ':was_status': user.status },
});

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
export async function updateUser(
  userId: string,
  changes: UserChanges,
  audit: (before: PublicUser, after: PublicUser) => TransactItem,
  check: (before: PublicUser, after: PublicUser) => void | Promise<void> = () => undefined,
): Promise<{ before: PublicUser; after: PublicUser } | undefined> {
  for (let round = 0; round < 4; round += 1) {
    const stored = await getStoredUser(userId);
    if (!stored) return undefined;
    const before = publicOf(stored);
    const set: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(changes) as [keyof UserChanges, string | undefined][]) {
      if (value === undefined) continue;
      if (field === 'department' && value === '') {
        if (before.department !== undefined) set.department = undefined;
      } else if (before[field] !== value) set[field] = value;
    }
    if (!Object.keys(set).length) return { before, after: before };
    const updatedAt = new Date().toISOString();
    const after = { ...before, ...set, updatedAt } as PublicUser;
    if (set.department === undefined && 'department' in set) delete after.department;
    await check(before, after);
    const expression = updateExpression({ ...set, updatedAt }, unchangedSince(before));
    const ending = endsSessions(before, after);
    const counts = countsWrite(before, after);
    const items: TransactItem[] = [
      {
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
      ...(counts ? [counts] : []),
      audit(before, after),
    ];
    try {
      await transactCounted(items, counts ? 1 : undefined);
      return { before, after };
    } catch (error) {
      if (error instanceof TransactionRefused && error.failed.includes(0)) continue;
      throw error;
    }
  }
  throw new UserChangedError();
}

/**
 * Deletes a user and its e-mail claim (their bookings stay, under the e-mail they were made with),
 * with the counts and `audit`, in one transaction. Undefined when the user does not exist.
 */
export async function deleteUser(
  userId: string,
  audit: (before: PublicUser) => TransactItem,
  check: (before: PublicUser) => void | Promise<void> = () => undefined,
): Promise<PublicUser | undefined> {
  for (let round = 0; round < 4; round += 1) {
    const stored = await getStoredUser(userId);
    if (!stored) return undefined;
    const before = publicOf(stored);
    await check(before);
    const condition = unchangedSince(before);
    const counts = countsWrite(before, undefined);
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: tableName,
          Key: userKeys.item(userId),
          ConditionExpression: condition.expression,
          ExpressionAttributeNames: condition.names,
          ExpressionAttributeValues: condition.values,
        },
      },
      {
        Delete: {
          TableName: tableName,
          Key: userKeys.email(before.email),
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
          ExpressionAttributeValues: { ':id': userId },
        },
      },
      ...(counts ? [counts] : []),
      audit(before),
    ];
    try {
      await transactCounted(items, counts ? 2 : undefined);
      return before;
    } catch (error) {
      if (error instanceof TransactionRefused && error.failed.includes(0)) continue;
      throw error;
    }
  }
  throw new UserChangedError();
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
          UpdateExpression: 'SET passwordHash = :hash, updatedAt = :at ADD token_version :one',
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
export async function setUserCredentials(userId: string, changes: { passwordHash: string; role: UserRole }): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    const stored = await getStoredUser(userId);
    if (!stored) throw new Error(`User ${userId} does not exist`);
    const after = { role: changes.role, status: 'active' };
    const condition = unchangedSince(stored);
    const counts = countsWrite(stored, after);
    try {
      await transactCounted(
        [
          {
            Update: {
              TableName: tableName,
              Key: userKeys.item(userId),
              // New credentials end every session signed with the old ones.
              UpdateExpression: 'SET passwordHash = :hash, #role = :role, #status = :active ADD token_version :one',
              ConditionExpression: condition.expression,
              ExpressionAttributeNames: { ...condition.names, '#role': 'role', '#status': 'status' },
              ExpressionAttributeValues: { ...condition.values, ':hash': changes.passwordHash, ':role': changes.role, ':active': 'active', ':one': 1 },
            },
          },
          ...(counts ? [counts] : []),
        ],
        counts ? 1 : undefined,
      );
      return;
    } catch (error) {
      if (error instanceof TransactionRefused && error.failed.includes(0)) continue;
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

// ---------------------------------------------------------------------------------------------
// A guest's own sign-up (functions/lib/accounts.ts): pending until the e-mailed link is opened.

export type Registration = { name: string; phone?: string | undefined; passwordHash: string };

/** Sets the registration's details on a user item (a sign-up without a phone clears an earlier one), and `extra`. */
function registrationUpdate(registration: Registration, at: string, extra: { set?: string[]; remove?: string[] } = {}) {
  const set = ['#name = :name', 'passwordHash = :hash', 'updatedAt = :at', ...(registration.phone ? ['phone = :phone'] : []), ...(extra.set ?? [])];
  const remove = [...(registration.phone ? [] : ['phone']), ...(extra.remove ?? [])];
  return {
    UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    names: { '#name': 'name' },
    values: { ':name': registration.name, ':hash': registration.passwordHash, ':at': at, ...(registration.phone ? { ':phone': registration.phone } : {}) },
  };
}

/**
 * A sign-up again with the e-mail of an account still waiting for activation: the account takes the
 * latest details (the password a pending sign-in is checked against), with `also` (the sign-up's
 * item) in the same transaction. False when it is no longer waiting (activated meanwhile).
 */
export async function refreshPendingUser(userId: string, registration: Registration, also: TransactItem[]): Promise<boolean> {
  const update = registrationUpdate(registration, new Date().toISOString());
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(userId),
          UpdateExpression: update.UpdateExpression,
          ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND awaitingActivation = :true',
          ExpressionAttributeNames: { ...update.names, '#status': 'status' },
          ExpressionAttributeValues: { ...update.values, ':pending': 'pending', ':true': true },
        },
      },
      ...also,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0)) return false;
    throw error;
  }
}

/**
 * Activates a pending sign-up with the details of the registration its link belongs to, and
 * deletes that registration's item (`used`: the link works once), with the counts, in one
 * transaction. Undefined when the account is not waiting for activation any more, or the item was
 * used meanwhile.
 */
export async function activateUser(userId: string, registration: Registration, used: TransactItem): Promise<StoredUser | undefined> {
  for (let round = 0; round < 4; round += 1) {
    const stored = await getStoredUser(userId);
    if (!stored || stored.status !== 'pending' || !stored.awaitingActivation) return undefined;
    const at = new Date().toISOString();
    const update = registrationUpdate(registration, at, { set: ['#status = :active'], remove: ['awaitingActivation'] });
    const condition = unchangedSince(stored);
    const after = { role: stored.role, status: 'active' as const };
    const counts = countsWrite(stored, after);
    try {
      await transactCounted(
        [
          {
            Update: {
              TableName: tableName,
              Key: userKeys.item(userId),
              UpdateExpression: update.UpdateExpression,
              ConditionExpression: `${condition.expression} AND awaitingActivation = :true`,
              ExpressionAttributeNames: { ...condition.names, ...update.names, '#status': 'status' },
              ExpressionAttributeValues: { ...condition.values, ...update.values, ':active': 'active', ':true': true },
            },
          },
          used,
          ...(counts ? [counts] : []),
        ],
        counts ? 2 : undefined,
      );
    } catch (error) {
      // The link was used meanwhile (its item is gone): nothing to activate.
      if (error instanceof TransactionRefused && error.failed.includes(1)) return undefined;
      if (error instanceof TransactionRefused && error.failed.includes(0)) continue;
      throw error;
    }
    const { phone: _phone, ...rest } = stored;
    return {
      ...rest,
      name: registration.name,
      ...(registration.phone ? { phone: registration.phone } : {}),
      passwordHash: registration.passwordHash,
      status: 'active',
      awaitingActivation: false,
      updatedAt: at,
    };
  }
  throw new UserChangedError();
}
