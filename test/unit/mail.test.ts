import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n';
const withAttachment = { ...mail, attachments: [{ filename: 'VM1.ics', contentType: 'text/calendar; charset=UTF-8; method=REQUEST', content: calendar }] };
const manageUrl = 'https://resort.example/booking/VMLX2K9A1B2C3?token=t';

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

  it('hands attachments to SES in the simple content (SES writes the MIME), and none when there are none', async () => {
    vi.stubEnv('MAIL_FROM', 'bookings@resort.in');
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const { sendMail } = await import('../../functions/lib/mail.ts');

    expect(await sendMail(withAttachment)).toBe('sent');
    const input = sesMock.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      FromEmailAddress: 'bookings@resort.in',
      Destination: { ToAddresses: ['guest@example.in'] },
      Content: {
        Simple: {
          Subject: { Data: 'Hello', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Hi', Charset: 'UTF-8' }, Html: { Data: '<p>Hi</p>', Charset: 'UTF-8' } },
          Attachments: [
            {
              FileName: 'VM1.ics',
              ContentType: 'text/calendar; charset=UTF-8; method=REQUEST',
              ContentDisposition: 'ATTACHMENT',
              ContentTransferEncoding: 'BASE64',
            },
          ],
        },
      },
    });
    const raw = input?.Content?.Simple?.Attachments?.[0]?.RawContent;
    expect(raw).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(raw ?? []).toString('utf8')).toBe(calendar);

    await sendMail(mail);
    expect(sesMock.commandCalls(SendEmailCommand)[1]?.args[0].input.Content?.Simple).not.toHaveProperty('Attachments');
  });

  it('a failing SES send throws, for the caller to retry', async () => {
    vi.stubEnv('MAIL_FROM', 'bookings@resort.in');
    sesMock.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified'), { name: 'MessageRejected' }));
    const { sendMail } = await import('../../functions/lib/mail.ts');
    await expect(sendMail(withAttachment)).rejects.toThrow('Email address is not verified');
  });
});

describe('mail off AWS (the outbox)', () => {
  it('writes the message, its HTML and its calendar file, which a calendar reads', async () => {
    const outbox = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      vi.stubEnv('MAIL_OUTBOX_DIR', outbox);
      const { sendMail } = await import('../../functions/lib/mail.ts');
      const { bookingMail } = await import('../../functions/lib/bookings/booking-mail.ts');
      const booking = storedBooking({ status: 'confirmed', payment_method: 'razorpay', payment_status: 'paid' });
      const confirmation = bookingMail({ kind: 'confirmation', booking }, { manageUrl });

      expect(await sendMail(confirmation)).toBe('outbox');
      expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
      const files = await readdir(outbox);
      const json = files.find((file) => file.endsWith('.json'));
      const name = json?.slice(0, -'.json'.length);
      expect(files.sort()).toEqual([`${name}.VMLX2K9A1B2C3.ics`, `${name}.html`, `${name}.json`]);

      const written = JSON.parse(await readFile(join(outbox, `${name}.json`), 'utf8')) as Record<string, unknown>;
      expect(written).toEqual({ from: 'bookings@forest-resort.local', ...confirmation });
      expect(await readFile(join(outbox, `${name}.html`), 'utf8')).toBe(confirmation.html);

      const ics = await readFile(join(outbox, `${name}.VMLX2K9A1B2C3.ics`), 'utf8');
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent') ?? undefined);
      expect(event.uid).toBe(`${booking.id}@forest-resort`);
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date('2027-01-10T14:00:00+05:30').toISOString());
      expect(event.endDate.toJSDate().toISOString()).toBe(new Date('2027-01-13T11:00:00+05:30').toISOString());
      expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  });

  it('shows a message to readers only once it is whole: its .json appears last, complete, never half-written', async () => {
    const outbox = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      vi.stubEnv('MAIL_OUTBOX_DIR', outbox);
      const { sendMail } = await import('../../functions/lib/mail.ts');
      // Large enough that a plain write lands in several chunks a reader can fall between.
      const big = { ...withAttachment, text: 'x'.repeat(4_000_000) };
      let sending = true;
      const seen: string[][] = [];
      const reader = (async () => {
        while (sending) {
          const files = await readdir(outbox);
          for (const file of files.filter((name) => name.endsWith('.json'))) {
            const text = await readFile(join(outbox, file), 'utf8');
            expect(() => JSON.parse(text) as unknown, `${file} read half-written`).not.toThrow();
            seen.push(files.filter((name) => name.startsWith(file.slice(0, -'.json'.length))).sort());
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      for (let i = 0; i < 3; i += 1) await sendMail(big);
      sending = false;
      await reader;
      // Whenever a reader saw the .json, the HTML and the calendar file were there already.
      for (const files of seen) expect(files.map((file) => file.replace(/^[^.]+/, ''))).toEqual(['.VM1.ics', '.html', '.json']);
      expect((await readdir(outbox)).filter((file) => file.endsWith('.json'))).toHaveLength(3);
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  });

  it('keeps an attachment in the outbox folder whatever its name says', async () => {
    const outbox = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      vi.stubEnv('MAIL_OUTBOX_DIR', outbox);
      const { sendMail } = await import('../../functions/lib/mail.ts');
      await sendMail({ ...mail, attachments: [{ filename: '../../escape/me.ics', contentType: 'text/calendar', content: calendar }] });
      const files = await readdir(outbox);
      const name = files.find((file) => file.endsWith('.json'))?.slice(0, -'.json'.length);
      expect(files.sort()).toEqual([`${name}._.._escape_me.ics`, `${name}.html`, `${name}.json`]);
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  });
});

describe('the booking e-mails', () => {
  it('name the days in full with the check-in and check-out times', async () => {
    const { bookingMail } = await import('../../functions/lib/bookings/booking-mail.ts');
    const { unmarshall } = await import('@aws-sdk/util-dynamodb');
    const booking = unmarshall(cancellationRecord().dynamodb?.OldImage as never) as Parameters<typeof bookingMail>[0]['booking'];
    const { text } = bookingMail({ kind: 'confirmation', booking }, { manageUrl });
    expect(text).toContain('Check-in: Monday, 1 February 2027, from 2:00 pm');
    expect(text).toContain('Check-out: Tuesday, 2 February 2027, by 11:00 am');
  });
});

describe('the staff e-mail of a channel conflict', () => {
  it('names what holds each night as the calendar does: a booking by its reference, a block, another channel', async () => {
    const { staffMail } = await import('../../functions/lib/staff-mail.ts');
    const mail = staffMail(
      {
        kind: 'channel-conflict',
        channel: { name: 'Booking.com', cottageId: 'hornbill-1' },
        conflicts: [
          { uid: 'a@bdc', nights: ['2027-01-10'], with: { kind: 'booking', bookingId: 'b1', bookingReference: 'VM1234ABCD' } },
          { uid: 'b@bdc', nights: ['2027-01-12', '2027-01-13'], with: { kind: 'block', blockId: 'k1' } },
          { uid: 'c@bdc', nights: ['2027-01-20'], with: { kind: 'channel', channelId: 'c2' } },
        ],
      },
      { to: 'front-desk@example.in', calendarUrl: 'https://resort.example/admin/calendar' },
    );
    expect(mail.subject).toBe('Channel conflict: Booking.com sold nights of hornbill-1 that are taken');
    expect(mail.text).toContain("- 2027-01-10: held by booking VM1234ABCD (the channel's stay a@bdc)");
    expect(mail.text).toContain("- 2027-01-12, 2027-01-13: held by a block (the channel's stay b@bdc)");
    expect(mail.text).toContain("- 2027-01-20: held by another channel (the channel's stay c@bdc)");
    expect(mail.html).toContain('held by a block');
  });
});
