import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { type Keys } from './keys.ts';
import * as loginKeys from './keys/login.ts';
import { getItem, queryAll } from './query.ts';
import { transact } from './transactions.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Sign-in throttling, three counters, each counted BEFORE the password is checked (atomically), so
 * parallel guesses cannot all slip in before the first failure is written; a success takes its own
 * attempt back.
 *
 * - account + client address together: after PAIR_MAX_FAILURES attempts without a success that pair
 *   waits 1 minute, and each further lockout of the pair doubles the wait, up to 15 minutes. A
 *   stranger's guesses lock only the stranger's own address out of the account.
 * - client address, over all accounts: ADDRESS_MAX_FAILURES in a 15-minute window, then the
 *   address waits for the window's end (one address guessing across many accounts).
 * - account, over all addresses: ACCOUNT_MAX_FAILURES in a 15-minute window, then addresses that
 *   never signed in to the account are slowed to one attempt a minute each (many addresses guessing
 *   one account; never shut out, so the owner on a new network still gets in); an address that
 *   signed in successfully before is known to the account for KNOWN_ADDRESS_DAYS and is not slowed.
 */
export const PAIR_MAX_FAILURES = 5;
export const FIRST_LOCKOUT_SECONDS = 60;
export const MAX_LOCKOUT_SECONDS = 15 * 60;
/** A pair quiet for this long starts over (its lockouts forgotten). */
export const PAIR_MEMORY_SECONDS = 24 * 60 * 60;
export const WINDOW_SECONDS = 15 * 60;
export const ADDRESS_MAX_FAILURES = 20;
export const ACCOUNT_MAX_FAILURES = 50;
export const KNOWN_ADDRESS_DAYS = 90;

/** Allowed, or refused until `until` (epoch seconds). */
export type Allowance = { allowed: true } | { allowed: false; until: number };

const ENTITY = 'login-attempts';

/** The wait of a pair's n-th lockout (1-based): 1, 2, 4, 8, then 15 minutes. */
export const lockoutSeconds = (lockout: number): number => Math.min(MAX_LOCKOUT_SECONDS, FIRST_LOCKOUT_SECONDS * 2 ** Math.max(0, lockout - 1));

const conditionFailed = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * Counts an attempt of this account from this address. Within its budget it is allowed; the first
 * attempt over it starts the pair's next lockout (one racer does, the others see it), and every
 * attempt during a lockout is refused without being counted.
 */
export async function countPairAttempt(email: string, address: string, now: number): Promise<Allowance> {
  const nowSeconds = Math.floor(now / 1000);
  const key = loginKeys.fromAddress(email, address);
  const memory = nowSeconds + PAIR_MEMORY_SECONDS;
  for (let round = 0; round < 4; round += 1) {
    let counted: Record<string, unknown> | undefined;
    try {
      const result = await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD attempts :one SET expiresAt = :memory',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now AND (attribute_not_exists(locked_until) OR locked_until <= :now)',
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':memory': memory },
          ReturnValues: 'ALL_NEW',
        }),
      );
      counted = result.Attributes;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    if (counted) {
      if (Number(counted.attempts) <= PAIR_MAX_FAILURES) return { allowed: true };
      // Over the budget: this attempt starts the next lockout, unless a racer already did.
      const lockouts = Number(counted.lockouts ?? 0);
      const until = nowSeconds + lockoutSeconds(lockouts + 1);
      try {
        await documentClient.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'SET locked_until = :until, attempts = :zero, lockouts = :next',
            ConditionExpression: 'lockouts = :lockouts AND attempts > :max',
            ExpressionAttributeValues: { ':until': until, ':zero': 0, ':next': lockouts + 1, ':lockouts': lockouts, ':max': PAIR_MAX_FAILURES },
          }),
        );
        return { allowed: false, until };
      } catch (error) {
        if (!conditionFailed(error)) throw error;
      }
    }
    const item = await getItem(key, true);
    if (item && Number(item.expiresAt) > nowSeconds && Number(item.locked_until ?? 0) > nowSeconds) return { allowed: false, until: Number(item.locked_until) };
    if (item && Number(item.expiresAt) > nowSeconds) continue;
    // No counter, or one quiet for a day: start one with this attempt, unless a racer just did.
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key, entity: ENTITY, attempts: 1, lockouts: 0, expiresAt: memory },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return { allowed: true };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
  throw new Error('Could not count a sign-in attempt');
}

/**
 * Counts an attempt in a fixed window that starts at the first attempt (an expired one starts
 * over); refused once the window holds more than `max` (until it ends).
 */
async function countWindowAttempt(key: Keys, max: number, now: number): Promise<Allowance & { attempts: number }> {
  const nowSeconds = Math.floor(now / 1000);
  for (let round = 0; round < 3; round += 1) {
    try {
      const result = await documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const attempts = Number(result.Attributes?.attempts);
      return attempts > max ? { allowed: false, until: Number(result.Attributes?.expiresAt), attempts } : { allowed: true, attempts };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key, entity: ENTITY, attempts: 1, expiresAt: nowSeconds + WINDOW_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return { allowed: true, attempts: 1 };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
  throw new Error('Could not count a sign-in attempt');
}

export const countAddressAttempt = (address: string, now: number) => countWindowAttempt(loginKeys.address(address), ADDRESS_MAX_FAILURES, now);
export const countAccountAttempt = (email: string, now: number) => countWindowAttempt(loginKeys.account(email), ACCOUNT_MAX_FAILURES, now);

/** Whether this address signed in to this account successfully within KNOWN_ADDRESS_DAYS. */
export async function isKnownAddress(email: string, address: string, now: number): Promise<boolean> {
  const item = await getItem(loginKeys.knownAddress(email, address), true);
  return item !== undefined && Number(item.expiresAt) > Math.floor(now / 1000);
}

/** While an account is over its window, an address it does not know may try once per this long. */
export const SLOW_LANE_SECONDS = 60;

/**
 * The slow lane of an account under attack: an address that never signed in to it is not shut out
 * (that would let a stranger with many addresses lock the owner out of every new network), it is
 * slowed to one attempt per SLOW_LANE_SECONDS. Allowed, or refused until its next turn.
 */
export async function takeSlowLaneTurn(email: string, address: string, now: number): Promise<Allowance> {
  const nowSeconds = Math.floor(now / 1000);
  const next = nowSeconds + SLOW_LANE_SECONDS;
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...loginKeys.slowLane(email, address), entity: ENTITY, next_at: next, expiresAt: next + WINDOW_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk) OR next_at <= :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    const item = await getItem(loginKeys.slowLane(email, address), true);
    return { allowed: false, until: Number(item?.next_at ?? next) };
  }
}

/** Takes a counted attempt back from a window counter (it succeeded); never below zero. */
async function takeBack(key: Keys): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD attempts :minus',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

/**
 * A successful sign-in: the pair starts over, its attempt is taken back from the address's and the
 * account's windows, and the address is known to the account from now on.
 */
export async function recordSuccessfulSignIn(email: string, address: string, now: number, counted: { address: boolean; account: boolean }): Promise<void> {
  await Promise.all([
    // Two single writes side by side: unlike a batch's unprocessed items, a failed one cannot pass unnoticed.
    documentClient.send(new DeleteCommand({ TableName: tableName, Key: loginKeys.fromAddress(email, address) })),
    documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...loginKeys.knownAddress(email, address), entity: ENTITY, expiresAt: Math.floor(now / 1000) + KNOWN_ADDRESS_DAYS * 24 * 60 * 60 },
      }),
    ),
    counted.address ? takeBack(loginKeys.address(address)) : undefined,
    counted.account ? takeBack(loginKeys.account(email)) : undefined,
  ]);
}

/**
 * Whether an account's sign-in is locked out now, for the Users tab: from how many client addresses
 * (each pair of account and address counts on its own) and until when (the latest), or, when
 * unknown addresses are slowed to a turn a minute (the account at ACCOUNT_MAX_FAILURES in its
 * window), until that window ends. One query of the account's partition; undefined when nothing is locked.
 */
export async function lockoutOf(email: string, now: number): Promise<{ until: number; addresses: number; slowed: boolean } | undefined> {
  const nowSeconds = Math.floor(now / 1000);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': loginKeys.accountPartition(email) },
    ProjectionExpression: 'sk, locked_until, attempts, expiresAt',
  });
  const pairs = items.filter((item) => String(item.sk).startsWith(loginKeys.fromAddress(email, '').sk) && Number(item.locked_until ?? 0) > nowSeconds);
  const account = items.find((item) => item.sk === loginKeys.account(email).sk);
  const slowed = account !== undefined && Number(account.expiresAt ?? 0) > nowSeconds && Number(account.attempts ?? 0) >= ACCOUNT_MAX_FAILURES;
  if (!pairs.length && !slowed) return undefined;
  const until = Math.max(...pairs.map((item) => Number(item.locked_until)), slowed ? Number(account.expiresAt) : 0);
  return { until, addresses: pairs.length, slowed };
}

/** One transaction holds 100 actions: the audit entry and this many deletions. */
const IN_TRANSACTION = 99;

/**
 * Lifts every lockout of an account (an admin's unlock): its per-address counters and its
 * over-all counter, found with one query of its partition; the addresses it knows stay known.
 * The first ones go in one transaction with `audit` (told how many are lifted), any further ones in
 * batches of 25 after it. Answers how many were lifted.
 */
export async function liftLockouts(email: string, audit: (lifted: number) => TransactItem): Promise<number> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': loginKeys.accountPartition(email) },
    ProjectionExpression: 'pk, sk',
  });
  const known = loginKeys.knownAddress(email, '').sk;
  const keys: Keys[] = items.filter((item) => !String(item.sk).startsWith(known)).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  await transact([audit(keys.length), ...keys.slice(0, IN_TRANSACTION).map((key) => ({ Delete: { TableName: tableName, Key: key } }))]);
  const rest = keys.slice(IN_TRANSACTION);
  for (let start = 0; start < rest.length; start += 25) {
    await documentClient.send(
      new BatchWriteCommand({ RequestItems: { [tableName]: rest.slice(start, start + 25).map((key) => ({ DeleteRequest: { Key: key } })) } }),
    );
  }
  return keys.length;
}
