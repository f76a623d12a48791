import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { LAST_ADMIN_MESSAGE, type UserCounts } from '../../../shared/admin-users.ts';
import type { UserRole } from '../../../shared/users.ts';
import { tableName } from './client.ts';
import * as userKeys from './keys/user.ts';
import { getItem, queryAll } from './query.ts';
import { transact, TransactionRefused } from './transactions.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Counts: one item holds the Users tab's four counts and the number of active admins. Every write
 * that adds, removes or changes the role or status of a user moves it in the same transaction; one
 * that takes away an active admin is conditioned on there being another (`active_admins > 1`), so
 * two admins demoting each other at once cannot both succeed (DynamoDB serialises transactions on
 * the item: the second one's condition sees the first's result).
 */

/** The change would leave no active administrator: refused in the write's own transaction. */
export class LastAdminError extends Error {
  constructor() {
    super(LAST_ADMIN_MESSAGE);
  }
}

/** What of a user the counts depend on. */
export type Standing = { role: UserRole; status: string };
type Tally = UserCounts & { active_admins: number };
const countFields = ['total', 'active', 'admins', 'customers', 'active_admins'] as const;

const tallyOf = (user: Standing | undefined): Tally => ({
  total: user ? 1 : 0,
  active: user?.status === 'active' ? 1 : 0,
  admins: user?.role === 'admin' ? 1 : 0,
  customers: user?.role === 'customer' ? 1 : 0,
  active_admins: user?.role === 'admin' && user.status === 'active' ? 1 : 0,
});

const isActiveAdmin = (user: Standing | undefined): boolean => user?.role === 'admin' && user.status === 'active';

/** The counts item's update for a user going from `before` to `after` (undefined: not there), if any count moves. */
export function countsWrite(before: Standing | undefined, after: Standing | undefined): TransactItem | undefined {
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
      ConditionExpression: leaving ? 'attribute_exists(pk) AND active_admins > :one' : 'attribute_exists(pk)',
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
    await transact([
      { Put: { TableName: tableName, Item: { ...userKeys.counts, entity: 'user-counts', ...tally }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
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
  return Number((await getItem(userKeys.counts, true))?.active_admins ?? 0);
}

/**
 * Runs a counted transaction. A refusal on the counts item means it is missing (created, then the
 * write is tried again) or the last active admin would go (LastAdminError). Other refusals are
 * passed on with their indexes.
 */
export async function transactCounted(items: TransactItem[], countsIndex: number | undefined): Promise<void> {
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
