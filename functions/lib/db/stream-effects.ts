import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DayCounters } from '../reports/daily-counters.ts';
import { documentClient, tableName } from './client.ts';
import { effectKeys, feedKeys, reportKeys, type Audience } from './keys.ts';
import { transact, TransactionRefused } from './transactions.ts';

const DAY_SECONDS = 86_400;
/** Longer than the stream keeps a record (24 hours), so a retried record always finds its marks. */
const EFFECT_MARK_SECONDS = 3 * DAY_SECONDS;
/** The bell's history and the polling fallback look back this far. */
const FEED_SECONDS = 30 * DAY_SECONDS;

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

export type FeedEntry = { id: string; audience: Audience; event: string; data: Record<string, unknown>; at: string };

/** A feed entry's key is its stream record's id and time, so writing it again on a retry changes nothing. */
export async function putFeedEntry(entry: FeedEntry): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...feedKeys.entry(entry.audience, entry.at, entry.id), entity: 'feed', ...entry, expiresAt: epochSeconds(Date.parse(entry.at)) + FEED_SECONDS },
    }),
  );
}

/** DynamoDB's limit of actions in one transaction, less the marker. */
const DAYS_PER_TRANSACTION = 99;

/**
 * Adds a change's counters to its days exactly once: each transaction also writes a marker named
 * by the stream record's id, under a condition, so a retried record adds nothing twice.
 */
export async function applyDayCounters(eventId: string, delta: DayCounters): Promise<void> {
  const days = [...delta.entries()];
  for (let part = 0; part * DAYS_PER_TRANSACTION < days.length; part += 1) {
    const chunk = days.slice(part * DAYS_PER_TRANSACTION, (part + 1) * DAYS_PER_TRANSACTION);
    const marker = {
      Put: {
        TableName: tableName,
        Item: { ...effectKeys.aggregate(eventId, part), entity: 'effect', expiresAt: epochSeconds(Date.now()) + EFFECT_MARK_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    const updates = chunk.map(([date, counters]) => {
      const names: Record<string, string> = { '#entity': 'entity', '#date': 'date' };
      const values: Record<string, unknown> = { ':entity': 'report-day', ':date': date };
      const adds = Object.entries(counters).map(([name, amount], index) => {
        names[`#n${index}`] = name;
        values[`:v${index}`] = amount;
        return `#n${index} :v${index}`;
      });
      return {
        Update: {
          TableName: tableName,
          Key: reportKeys.day(date),
          UpdateExpression: `SET #entity = :entity, #date = :date ADD ${adds.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    });
    try {
      await transact([marker, ...updates]);
    } catch (error) {
      // The marker is there: this part was added by an earlier attempt.
      if (error instanceof TransactionRefused && error.failed.includes(0)) continue;
      throw error;
    }
  }
}

/** How long one attempt may take to send a mail before another attempt may take it over. */
const MAIL_LEASE_MS = 2 * 60 * 1000;

/**
 * Takes the right to send the mail of one stream record. Returns false when it was sent already.
 * A claim left by an attempt that crashed while sending is taken over once its lease has passed,
 * so a mail is lost never, and sent twice only if a crash falls between the send and its record.
 */
export async function claimMail(eventId: string, now = Date.now()): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...effectKeys.mail(eventId), entity: 'effect', state: 'sending', leaseUntil: now + MAIL_LEASE_MS, expiresAt: epochSeconds(now) + EFFECT_MARK_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state = :sending AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending', ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: effectKeys.mail(eventId), ConsistentRead: true }));
    if (Item?.state === 'sent') return false;
    // Another attempt is sending it right now: let this record be retried after its lease.
    throw new Error(`The mail of stream record ${eventId} is being sent by another attempt`);
  }
}

export async function markMailSent(eventId: string, result: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: effectKeys.mail(eventId),
      UpdateExpression: 'SET #state = :sent, #result = :result, sentAt = :at REMOVE leaseUntil',
      ExpressionAttributeNames: { '#state': 'state', '#result': 'result' },
      ExpressionAttributeValues: { ':sent': 'sent', ':result': result, ':at': new Date().toISOString() },
    }),
  );
}

/** A send that failed gives its claim back at once, so the retry does not wait for the lease. */
export async function releaseMailClaim(eventId: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({
      TableName: tableName,
      Key: effectKeys.mail(eventId),
      ConditionExpression: '#state = :sending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':sending': 'sending' },
    }),
  ).catch((error: unknown) => {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  });
}
