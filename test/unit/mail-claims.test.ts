import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimMail, MAIL_LEASE_MS, markMailSent, releaseMailClaim } from '../../functions/lib/db/stream-effects.ts';

const documentMock = mockClient(DynamoDBDocumentClient);
const taken = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
beforeEach(() => documentMock.reset());

describe("the once-only claim on a stream record's mail", () => {
  it("is taken with an owner and a lease longer than the consumer's 60 s timeout", async () => {
    documentMock.on(PutCommand).resolves({});
    const claim = await claimMail('event-1', Date.now() + 10_000, () => 1_000_000);
    expect(claim?.eventId).toBe('event-1');
    const input = documentMock.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input?.Item).toMatchObject({ pk: 'EFFECT#event-1', sk: 'MAIL', state: 'sending', owner: claim?.owner, lease_until: 1_000_000 + MAIL_LEASE_MS });
    expect(MAIL_LEASE_MS).toBeGreaterThan(60_000);
    expect(input?.ConditionExpression).toBe('attribute_not_exists(pk) OR (#state = :sending AND lease_until < :now)');
  });

  it('says "already sent" for a mail that was sent, so a retried record sends nothing', async () => {
    documentMock.on(PutCommand).rejects(taken());
    documentMock.on(GetCommand).resolves({ Item: { state: 'sent' } });
    expect(await claimMail('event-2', Date.now() + 10_000)).toBeUndefined();
  });

  it('waits out the lease of an attempt that died while sending, then takes the claim over', async () => {
    const leaseUntil = Date.now() + 150;
    documentMock.on(PutCommand).rejectsOnce(taken()).resolves({});
    documentMock.on(GetCommand).resolves({ Item: { state: 'sending', owner: 'dead-attempt', lease_until: leaseUntil } });
    const claim = await claimMail('event-3', Date.now() + 10_000);
    expect(claim).toBeDefined();
    expect(Date.now()).toBeGreaterThanOrEqual(leaseUntil);
    expect(documentMock.commandCalls(PutCommand)).toHaveLength(2);
  });

  it('fails the attempt (to be retried) when the lease outlasts what is left of the invocation', async () => {
    documentMock.on(PutCommand).rejects(taken());
    documentMock.on(GetCommand).resolves({ Item: { state: 'sending', owner: 'other', lease_until: Date.now() + MAIL_LEASE_MS } });
    await expect(claimMail('event-4', Date.now() + 1_000)).rejects.toThrow('is claimed by another attempt');
  });

  it('marks the send and gives a claim back only while this attempt still holds it', async () => {
    documentMock.on(UpdateCommand).resolves({});
    documentMock.on(DeleteCommand).resolves({});
    await markMailSent({ eventId: 'event-5', owner: 'me' }, 'sent');
    await releaseMailClaim({ eventId: 'event-5', owner: 'me' });
    for (const input of [documentMock.commandCalls(UpdateCommand)[0]?.args[0].input, documentMock.commandCalls(DeleteCommand)[0]?.args[0].input]) {
      expect(input?.ConditionExpression).toBe('#state = :sending AND #owner = :owner');
      expect(input?.ExpressionAttributeValues).toMatchObject({ ':owner': 'me' });
    }
  });

  it('retries marking the send a few times (the mail is already out), and a claim taken over is not given back by the old owner', async () => {
    documentMock.on(UpdateCommand).rejectsOnce(new Error('ProvisionedThroughputExceededException')).resolves({});
    await markMailSent({ eventId: 'event-6', owner: 'me' }, 'sent');
    expect(documentMock.commandCalls(UpdateCommand)).toHaveLength(2);
    documentMock.on(DeleteCommand).rejects(taken());
    await expect(releaseMailClaim({ eventId: 'event-6', owner: 'me' })).resolves.toBeUndefined();
  });
});
