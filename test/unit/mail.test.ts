import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asBookingItem, storedBooking, streamRecord } from '../support/stream-fixtures.ts';

const sesMock = mockClient(SESv2Client);
/** A guest's cancellation, as the table stream delivers it. */
function cancellationRecord() {
  const booking = storedBooking({ status: 'confirmed', customer_email: 'guest@example.in', check_in_date: '2027-02-01', check_out_date: '2027-02-02' });
  const cancelled = { ...booking, status: 'cancelled' as const, cancelled_at: '2026-11-23T00:00:00.000Z', refund_amount: 0 };
  return streamRecord('MODIFY', asBookingItem(booking), asBookingItem(cancelled), '900');
}

const mail = { to: 'guest@example.in', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
  sesMock.reset();
});

describe('mail on AWS', () => {
  it('sends through SES from the stage sender, and a throttled SES fails the stream record so it is retried, its claim given back', async () => {
    vi.stubEnv('MAIL_FROM', 'bookings@resort.in');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const documentMock = mockClient(DynamoDBDocumentClient);
    documentMock.on(QueryCommand).resolves({ Items: [] });
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(Object.assign(new Error('Maximum sending rate exceeded'), { name: 'TooManyRequestsException' }))
      .resolves({ MessageId: 'm-1' });
    const { handler } = await import('../../functions/streams/table-events.ts');
    const record = cancellationRecord();

    expect(await handler({ Records: [record] })).toEqual({ batchItemFailures: [{ itemIdentifier: '900' }] });
    expect(documentMock.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([{ pk: 'EFFECT#event-900', sk: 'MAIL' }]);

    expect(await handler({ Records: [record] })).toEqual({ batchItemFailures: [] });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
    expect(sesMock.commandCalls(SendEmailCommand)[1]?.args[0].input).toMatchObject({
      FromEmailAddress: 'bookings@resort.in',
      Destination: { ToAddresses: ['guest@example.in'] },
    });
    expect(documentMock.commandCalls(UpdateCommand).at(-1)?.args[0].input.ExpressionAttributeValues).toMatchObject({ ':sent': 'sent', ':result': 'sent' });
    documentMock.restore();
  });

  it('says so and sends nothing when the stage has no sender', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sendMail } = await import('../../functions/lib/mail.ts');
    expect(await sendMail(mail)).toBe('disabled');
    expect(warn).toHaveBeenCalledOnce();
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});

describe('the booking e-mails', () => {
  it('name the days in full with the check-in and check-out times', async () => {
    const { bookingConfirmationMail } = await import('../../functions/lib/bookings/booking-mail.ts');
    const { unmarshall } = await import('@aws-sdk/util-dynamodb');
    const booking = unmarshall(cancellationRecord().dynamodb?.OldImage as never) as Parameters<typeof bookingConfirmationMail>[0];
    const { text } = bookingConfirmationMail(booking);
    expect(text).toContain('Check-in: Monday, 1 February 2027, from 2:00 PM');
    expect(text).toContain('Check-out: Tuesday, 2 February 2027, by 11:00 AM');
  });
});
