import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { documentClient, tableName } from './client.ts';
import * as effectKeys from './keys/effect.ts';

const DAY_SECONDS = 86_400;
/** Longer than the stream keeps a record (24 hours), so a retried record always finds its marks. */
const EFFECT_MARK_SECONDS = 3 * DAY_SECONDS;

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** Marks part `part` of a stream record's report counters added: its transaction fails on a retry (functions/lib/db/report-days.ts). */
export function aggregateMarkerWrite(eventId: string, part: number) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...effectKeys.aggregate(eventId, part), entity: 'effect', expiresAt: epochSeconds(Date.now()) + EFFECT_MARK_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * How long a claim protects a send: longer than the consumer's timeout (60 s), so the attempt that
 * holds it is either still running or dead by the time another may take it over.
 */
export const MAIL_LEASE_MS = 70_000;

export type MailClaim = { eventId: string; owner: string };

/**
 * Takes the right to send the mail of one stream record; undefined when it was settled already
 * (sent, or rejected by the mail service for good).
 * A claim held by another attempt is waited for until its lease passes (an attempt that crashed
 * between claiming and marking the send), as long as `deadline` allows; past it this throws, and
 * the record is retried. So a mail is never lost, and is sent twice only if an attempt dies after
 * the mail service accepted it and before the mark was written.
 */
export async function claimMail(eventId: string, deadline: number, now: () => number = Date.now): Promise<MailClaim | undefined> {
  const owner = randomUUID();
  for (;;) {
    const at = now();
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...effectKeys.mail(eventId),
            entity: 'effect',
            state: 'sending',
            owner,
            lease_until: at + MAIL_LEASE_MS,
            expiresAt: epochSeconds(at) + EFFECT_MARK_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR (#state = :sending AND lease_until < :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':sending': 'sending', ':now': at },
        }),
      );
      return { eventId, owner };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: effectKeys.mail(eventId), ConsistentRead: true }));
      if (Item && Item.state !== 'sending') return undefined;
      if (!Item) continue; // given back in the meantime
      const leaseUntil = Number(Item.lease_until ?? 0);
      if (leaseUntil + 50 > deadline)
        throw new Error(`The mail of stream record ${eventId} is claimed by another attempt until ${new Date(leaseUntil).toISOString()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaseUntil - now()) + 50));
    }
  }
}

const ownedBy = (claim: MailClaim) => ({
  ConditionExpression: '#state = :sending AND #owner = :owner',
  names: { '#state': 'state', '#owner': 'owner' },
  values: { ':sending': 'sending', ':owner': claim.owner },
});

/** A write that must land, tried a few times in place (throttling, a lost answer); a failed condition is final. */
async function persist(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write();
      return;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

/** Settles the claim, if this attempt still holds it: the mail went out, or was refused for good. */
async function settleMail(claim: MailClaim, state: 'sent' | 'rejected', result: string): Promise<void> {
  const { ConditionExpression, names, values } = ownedBy(claim);
  await persist(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: effectKeys.mail(claim.eventId),
        UpdateExpression: `SET #state = :${state}, #result = :result, ${state}_at = :at REMOVE lease_until`,
        ConditionExpression,
        ExpressionAttributeNames: { ...names, '#result': 'result' },
        ExpressionAttributeValues: { ...values, [`:${state}`]: state, ':result': result, ':at': new Date().toISOString() },
      }),
    ),
  );
}

/** Records the send, if this attempt still holds the claim (a few tries: the mail already went out). */
export const markMailSent = (claim: MailClaim, result: string): Promise<void> => settleMail(claim, 'sent', result);

/** Records that the mail service refused this mail for good (the reason kept), so no retry sends it. */
export const markMailRejected = (claim: MailClaim, reason: string): Promise<void> => settleMail(claim, 'rejected', reason);

/**
 * A send that failed gives its claim back at once (if it still holds it), so the retry need not
 * wait for the lease; tried a few times, as a claim left behind holds the retry up until it lapses.
 */
export async function releaseMailClaim(claim: MailClaim): Promise<void> {
  const { ConditionExpression, names, values } = ownedBy(claim);
  await persist(() =>
    documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: effectKeys.mail(claim.eventId),
        ConditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  ).catch((error: unknown) => {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  });
}
