import { tableName } from './client.ts';
import * as userKeys from './keys/user.ts';
import { transact, TransactionRefused } from './transactions.ts';
import type { TransactItem } from './user-counts.ts';
import { changeCounted, unchangedSince, type StoredUser } from './users.ts';

/** A guest's own sign-up (functions/lib/accounts.ts): the account is pending until the e-mailed link is opened. */

export type Registration = { name: string; phone?: string | undefined; passwordHash: string };

/** Sets the registration's details on a user item (a sign-up without a phone clears an earlier one), and `extra`. */
function registrationUpdate(registration: Registration, at: string, extra: { set?: string[]; remove?: string[] } = {}) {
  const set = ['#name = :name', 'password_hash = :hash', 'updated_at = :at', ...(registration.phone ? ['phone = :phone'] : []), ...(extra.set ?? [])];
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
          ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND awaiting_activation = :true',
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
export function activateUser(userId: string, registration: Registration, used: TransactItem): Promise<StoredUser | undefined> {
  return changeCounted(userId, (stored) => {
    if (!stored || stored.status !== 'pending' || !stored.awaitingActivation) return { done: undefined };
    const at = new Date().toISOString();
    const update = registrationUpdate(registration, at, { set: ['#status = :active'], remove: ['awaiting_activation'] });
    const condition = unchangedSince(stored);
    const { phone: _phone, ...rest } = stored;
    return {
      write: {
        Update: {
          TableName: tableName,
          Key: userKeys.item(userId),
          UpdateExpression: update.UpdateExpression,
          ConditionExpression: `${condition.expression} AND awaiting_activation = :true`,
          ExpressionAttributeNames: { ...condition.names, ...update.names, '#status': 'status' },
          ExpressionAttributeValues: { ...condition.values, ...update.values, ':active': 'active', ':true': true },
        },
      },
      with: [used],
      after: { role: stored.role, status: 'active' },
      result: {
        ...rest,
        name: registration.name,
        ...(registration.phone ? { phone: registration.phone } : {}),
        passwordHash: registration.passwordHash,
        status: 'active',
        awaitingActivation: false,
        updatedAt: at,
      },
      // The link was used meanwhile (its item is gone): nothing to activate.
      refused: (failed) => (failed.includes(1) ? { done: undefined } : undefined),
    };
  });
}
