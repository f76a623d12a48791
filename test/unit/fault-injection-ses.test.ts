import { MessageRejected, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingKeys } from '../../functions/lib/db/keys.ts';
import { handler } from '../../functions/streams/table-events.ts';
import { awsError } from '../support/fake-table.ts';
import {
  table,
  paid,
  cancelled,
  SUBJECT,
  records,
  consume,
  failed,
  ok,
  delivered,
  mailed,
  sesCalls,
  claimOf,
  isMailClaim,
  counters,
  countersOf,
  errors,
  logged,
  type SesFault,
  useFaultInjection,
  refundCalls,
} from '../support/fault-injection.ts';

/** Fault injection for the stream consumer (the guarantees and the harness: test/support/fault-injection.ts). This file: SES fails while the consumer sends an e-mail. */

// Before the modules read them: mail goes through SES, frames through the management API.
vi.hoisted(() => {
  process.env.MAIL_FROM = 'bookings@forest-resort.in';
  process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.forest-resort.test/prod';
});

vi.mock('../../functions/lib/payments/stage-provider.ts', async () => (await import('../support/fault-injection-provider.ts')).recordingStageProvider());

let sesFault: SesFault;
useFaultInjection((input) => sesFault(input));
beforeEach(() => {
  sesFault = () => undefined;
});

/** Fails the next SES call once, then lets every call through. */
const sesFailsOnce = (error: () => Error) => {
  let left = 1;
  sesFault = () => (left-- > 0 ? error() : undefined);
};

// ---------------------------------------------------------------------------------------------

const transientSesFaults: Array<[string, () => Error]> = [
  ['TooManyRequestsException (429)', () => new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } })],
  ['ThrottlingException', () => awsError('ThrottlingException', 'Rate exceeded', 400)],
  ['InternalFailure (500)', () => awsError('InternalFailure', 'The request processing has failed because of an unknown error.', 500)],
  ['a network error (ECONNRESET)', () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', name: 'Error' })],
];

describe('SES fails while the consumer sends an e-mail', () => {
  const mails = [
    ['confirmation', records.confirmation, SUBJECT.confirmation],
    ['cancellation', records.cancellation, SUBJECT.cancellation],
    ['refund', records.refund, SUBJECT.refund],
  ] as const;

  for (const [kind, record, subject] of mails) {
    for (const [faultName, fault] of transientSesFaults) {
      it(`${faultName} on the ${kind} e-mail fails the record; the retry mails it exactly once`, async () => {
        sesFailsOnce(fault);
        const change = record();

        expect(await consume(change)).toEqual(failed(change));
        expect(sesCalls()).toBe(1);
        expect(delivered).toEqual([]);
        // The failed send gave its claim back: the retry need not wait for the lease.
        expect(claimOf(change)).toBeUndefined();

        expect(await consume(change)).toEqual(ok);
        expect(mailed(subject)).toBe(1);
        expect(delivered).toHaveLength(1);
        expect(claimOf(change)).toMatchObject({ state: 'sent', result: 'sent' });

        // Delivered once more (a retried batch): nothing goes out again.
        expect(await consume(change)).toEqual(ok);
        expect(sesCalls()).toBe(2);
        expect(mailed(subject)).toBe(1);
      });
    }
  }

  it('the cancellation retried after a failed e-mail refunds with the same idempotency key, records one refund and counts the cancellation once', async () => {
    sesFailsOnce(() => awsError('InternalFailure', 'Internal failure', 500));
    const change = records.cancellation();
    expect(await consume(change)).toEqual(failed(change));
    expect(await consume(change)).toEqual(ok);

    // Asked twice (each attempt, before its e-mail), with one key: the provider makes one refund.
    expect(refundCalls.map((call) => [call.paymentId, call.input.idempotencyKey, call.input.amount])).toEqual([
      ['pay_FaultInject001', `cancel-${paid.id}`, 4_130_000],
      ['pay_FaultInject001', `cancel-${paid.id}`, 4_130_000],
    ]);
    expect(table.partition(`BOOKING#${paid.id}`).filter((item) => item.entity === 'refund')).toHaveLength(1);
    expect(table.get(bookingKeys.item(paid.id))).toMatchObject({ refund_id: expect.stringMatching(/^rfnd_/), payment_status: 'refunded' });
    expect(counters()).toEqual(countersOf(paid, cancelled));
    expect(mailed(SUBJECT.cancellation)).toBe(1);
  });

  it('MessageRejected (permanent) is recorded on the claim and logged, not retried: a retry cannot mend it and would hold up the records behind it', async () => {
    sesFault = () => new MessageRejected({ message: 'Email address is not verified.', $metadata: { httpStatusCode: 400 } });
    const change = records.confirmation();
    const next = records.refund();

    expect(await consume(change, next)).toEqual(ok);
    expect(sesCalls()).toBe(2);
    expect(claimOf(change)).toMatchObject({ state: 'rejected', result: expect.stringContaining('MessageRejected') });
    expect(logged('Mail rejected')).toBe(true);

    // Delivered again (a retried batch): not sent again.
    expect(await consume(change)).toEqual(ok);
    expect(sesCalls()).toBe(2);
  });

  it('account-level SES refusals (sending paused) stay retryable: the record fails and its claim is given back', async () => {
    sesFailsOnce(() => awsError('SendingPausedException', 'Email sending is disabled for your entire Amazon SES account.', 400));
    const change = records.refund();
    expect(await consume(change)).toEqual(failed(change));
    expect(claimOf(change)).toBeUndefined();
    expect(await consume(change)).toEqual(ok);
    expect(mailed(SUBJECT.refund)).toBe(1);
  });

  it('a failed send whose claim cannot be given back at first (the delete is throttled) still mails once on the next attempt, without waiting out the lease', async () => {
    sesFailsOnce(() => new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } }));
    table.failNext('Delete', isMailClaim, () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400));
    const change = records.confirmation();

    expect(await consume(change)).toEqual(failed(change));
    expect(claimOf(change)).toBeUndefined();
    // The record's failure names what failed: SES, not the table.
    expect(logged('Maximum sending rate exceeded')).toBe(true);

    expect(await consume(change)).toEqual(ok);
    expect(mailed(SUBJECT.confirmation)).toBe(1);
  });

  it("a failed send whose claim cannot be given back at all fails the record with the send's own error; the lease frees the claim later", async () => {
    sesFailsOnce(() => awsError('InternalFailure', 'The request processing has failed because of an unknown error.', 500));
    table.failNext('Delete', isMailClaim, () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400), {
      count: 4,
    });
    const change = records.refund();

    expect(await consume(change)).toEqual(failed(change));
    const recordFailure = errors.mock.calls.map((call) => String(call[0])).find((line) => line.includes('Stream record failed'));
    expect(recordFailure).toContain('unknown error');
    expect(logged('Mail claim not given back')).toBe(true);
    expect(claimOf(change)).toMatchObject({ state: 'sending', lease_until: expect.any(Number) });
    expect(delivered).toEqual([]);
  });

  it('the claim cannot be taken (its write throttled): nothing is sent, and the retry mails once', async () => {
    table.failNext('Put', isMailClaim, () => awsError('ThrottlingException', 'Rate exceeded', 400));
    const change = records.cancellation();
    expect(await consume(change)).toEqual(failed(change));
    expect(sesCalls()).toBe(0);
    expect(await consume(change)).toEqual(ok);
    expect(mailed(SUBJECT.cancellation)).toBe(1);
  });

  it('the e-mail went out but marking it sent fails every try: the record is not retried, and a redelivery within the lease sends nothing', async () => {
    const mark = table.failNext(
      'Update',
      isMailClaim,
      () => awsError('ProvisionedThroughputExceededException', 'Throughput exceeds the provisioned rate', 400),
      {
        count: 4,
      },
    );
    const change = records.confirmation();

    expect(await consume(change)).toEqual(ok);
    expect(mark.left()).toBe(0);
    expect(mailed(SUBJECT.confirmation)).toBe(1);
    expect(logged('Mail sent but not marked sent')).toBe(true);
    expect(claimOf(change)).toMatchObject({ state: 'sending' });

    // Should the batch come again (a later crash), the lease still holds the claim: the record waits, nothing is sent.
    expect(await handler({ Records: [change] }, { getRemainingTimeInMillis: () => 10_000 })).toEqual(failed(change));
    expect(sesCalls()).toBe(1);
  });

  it('the mark was written but its answer lost: the next try finds it written, and a redelivery sends nothing', async () => {
    table.failNext('Update', isMailClaim, () => awsError('InternalServerError', 'Internal server error', 500), { afterWrite: true });
    const change = records.refund();
    expect(await consume(change)).toEqual(ok);
    expect(claimOf(change)).toMatchObject({ state: 'sent' });
    expect(await consume(change)).toEqual(ok);
    expect(sesCalls()).toBe(1);
    expect(mailed(SUBJECT.refund)).toBe(1);
  });

  it('in a batch, the record whose e-mail fails is reported with what follows; the retry mails each guest exactly once', async () => {
    let left = 1;
    sesFault = (input) =>
      input.Content?.Simple?.Subject?.Data === SUBJECT.cancellation && left-- > 0 ? awsError('InternalFailure', 'Internal failure', 500) : undefined;
    const [first, second, third] = [records.confirmation(), records.cancellation(), records.refund()];

    expect(await consume(first, second, third)).toEqual(failed(second));
    expect(delivered.map((mail) => mail.subject)).toEqual([SUBJECT.confirmation]);

    // The event source retries from the failed record on.
    expect(await consume(second, third)).toEqual(ok);
    expect([mailed(SUBJECT.confirmation), mailed(SUBJECT.cancellation), mailed(SUBJECT.refund)]).toEqual([1, 1, 1]);
    expect(sesCalls()).toBe(4);
  });
});
