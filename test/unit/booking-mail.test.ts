import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, bookingMail, type MailOrder } from '../../functions/lib/bookings/booking-mail.ts';
import type { Mail } from '../../functions/lib/mail.ts';
import type { BookingRecord } from '../../shared/booking.ts';
import { cancellationPolicyLines, confirmationMailContent } from '../../shared/booking-mail.ts';
import { formatSlot } from '../../shared/stay-format.ts';
import { storedBooking } from '../support/stream-fixtures.ts';

const manageUrl = 'https://resort.example/booking/VMLX2K9A1B2C3?token=7d9b3a52.abc&from=mail';
const confirmUrl = `${manageUrl}&confirm=7d9b3a52.proof`;
/** The consumer's links: the manage link, and the Confirm link that only a stay to confirm uses. */
const links = { manageUrl, confirmUrl };

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  const {
    claims: _claims,
    quote: _quote,
    ...record
  } = storedBooking({
    children: 1,
    special_requests: 'A quiet room, please',
    ...overrides,
  });
  return record;
}

const orders = (record: BookingRecord = booking()): Record<MailOrder['kind'], MailOrder> => ({
  confirmation: { kind: 'confirmation', booking: { ...record, status: 'confirmed', payment_method: 'razorpay', payment_status: 'paid' } },
  'confirm-request': { kind: 'confirm-request', booking: record, confirmBy: '2026-11-23T05:00:00.000Z' },
  cancellation: { kind: 'cancellation', booking: { ...record, status: 'cancelled', payment_method: 'razorpay', payment_status: 'paid' }, refundAmount: 41_300 },
  refund: { kind: 'refund', booking: { ...record, status: 'cancelled', payment_status: 'refunded' }, refundAmount: 41_300, refundId: 'rfnd_AbCdEf12345678' },
  'late-payment-refunded': { kind: 'late-payment-refunded', booking: { ...record, status: 'expired', payment_status: 'refunded' }, refundAmount: 41_300 },
});

/** The attachment read back with a real iCalendar parser (ical.js). */
function parsedCalendar(mail: Mail) {
  const attachment = mail.attachments?.[0];
  if (!attachment) throw new Error('no attachment');
  const calendar = new ICAL.Component(ICAL.parse(attachment.content));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  return {
    attachment,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    description: event.description,
    url: vevent.getFirstPropertyValue('url'),
    attendee: vevent.getFirstProperty('attendee'),
  };
}

// Check-in 2:00 pm and check-out 11:00 am at the resort (IST, UTC+05:30).
const checkInInstant = new Date('2027-01-10T14:00:00+05:30').toISOString();
const checkOutInstant = new Date('2027-01-13T11:00:00+05:30').toISOString();

describe('booking e-mails', () => {
  it.each(Object.keys(orders()) as Array<MailOrder['kind']>)('%s: the stay fields, the times, the policy and the link, in text and HTML', (kind) => {
    const mail = bookingMail(orders()[kind], links);
    expect(mail.to).toBe('asha@example.in');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('VMLX2K9A1B2C3');
      expect(part).toContain('Ms Asha Rao');
      expect(part).toContain('Hornbill Villa');
      expect(part).toContain('Sunday, 10 January 2027, from 2:00 pm');
      expect(part).toContain('Wednesday, 13 January 2027, by 11:00 am');
      expect(part).toContain('2 adults, 1 child');
      expect(part).toContain('Forest Retreat');
      expect(part).toContain(`Jungle Jeep Safari, Monday, 11 January 2027, ${formatSlot('06:00')}, 2 guests`);
      expect(part).toContain('₹41,300');
      expect(part).toContain('A quiet room, please');
      expect(part).toContain('Cancellation policy: free cancellation up to 48 hours before check-in.');
      expect(part).toContain('Cancel by 2:00 pm on Friday, 8 January 2027 and everything you paid is refunded; after that, nothing is refunded.');
    }
    const action = kind === 'confirm-request' ? confirmUrl : manageUrl;
    expect(mail.text).toContain(`${kind === 'confirm-request' ? 'Confirm your booking' : 'Manage your booking'}: ${action}`);
    expect(mail.html).toContain(`href="${action.replaceAll('&', '&amp;')}"`);
    // The confirm proof is in the e-mail of a stay to confirm, and in no other.
    if (kind !== 'confirm-request') expect(mail.text + mail.html).not.toContain('confirm=');
    expect(mail.html).toContain(kind === 'confirm-request' ? '>Confirm your booking</a>' : '>Manage your booking</a>');
    expect(mail.html).toMatch(/<meta name="viewport" content="width=device-width,initial-scale=1">/);
    expect(mail.html).toContain('max-width:560px');
    expect(mail.attachments).toEqual([
      {
        filename: 'VMLX2K9A1B2C3.ics',
        contentType: expect.stringMatching(/^text\/calendar; charset=UTF-8; method=(REQUEST|CANCEL)$/),
        content: expect.any(String),
      },
    ]);
  });

  it('says what each is in its subject and opening', () => {
    const mails = Object.fromEntries(Object.entries(orders()).map(([kind, order]) => [kind, bookingMail(order, links)])) as Record<MailOrder['kind'], Mail>;
    expect(mails.confirmation.subject).toBe('Your stay at Forest Resort: booking VMLX2K9A1B2C3');
    expect(mails.confirmation.text).toContain('Your stay is confirmed.');
    expect(mails.confirmation.text).toContain('Payment: Paid online');

    expect(mails['confirm-request'].subject).toBe('Please confirm your booking VMLX2K9A1B2C3 at Forest Resort');
    expect(mails['confirm-request'].text).toContain('before 10:30 am on Monday, 23 November 2026 (India time)');
    expect(mails['confirm-request'].text).toContain('the hold lapses');
    expect(mails['confirm-request'].text).toContain('Payment: Pay at the property');

    expect(mails.cancellation.subject).toBe('Booking VMLX2K9A1B2C3 cancelled');
    expect(mails.cancellation.text).toContain('A refund of ₹41,300 has been started');
    expect(mails.cancellation.text).toContain('Refund: ₹41,300, initiated');

    expect(mails.refund.subject).toBe('Refund of ₹41,300 for booking VMLX2K9A1B2C3');
    expect(mails.refund.text).toContain('has been processed');
    expect(mails.refund.text).toContain('Refund reference: rfnd_AbCdEf12345678');

    expect(mails['late-payment-refunded'].subject).toBe('Payment refunded: booking VMLX2K9A1B2C3 could not be kept');
    expect(mails['late-payment-refunded'].text).toContain('after the time to pay had run out');
    expect(mails['late-payment-refunded'].text).toContain('We have refunded the full ₹41,300');
    expect(mails['late-payment-refunded'].text).toContain('our team has been told');
  });

  it('a cancellation without a refund says why', () => {
    const late = bookingMail({ kind: 'cancellation', booking: booking({ status: 'cancelled', payment_status: 'paid' }), refundAmount: 0 }, links);
    expect(late.text).toContain('less than 48 hours before check-in, so under the cancellation policy nothing is refunded');
    expect(late.text).toContain('Refund: None');
    const unpaid = bookingMail({ kind: 'cancellation', booking: booking({ status: 'cancelled' }), refundAmount: 0 }, links);
    expect(unpaid.text).toContain('Nothing was paid for this booking');
  });

  it('the confirmation says exactly what the site previews (shared/booking-mail.ts)', () => {
    const order = orders().confirmation;
    const content = confirmationMailContent(order.booking);
    const mail = bookingMail(order, links);
    expect(mail.subject).toBe(content.subject);
    expect(mail.text).toContain(content.intro);
    for (const [label, value] of content.rows) expect(mail.text).toContain(`${label}: ${value}`);
    for (const line of content.outro) expect(mail.text).toContain(line);
    expect(content.outro).toEqual(expect.arrayContaining(cancellationPolicyLines(order.booking)));
    expect(content.outro).toContain('Check-in is from 2:00 pm and check-out by 11:00 am (India time).');
  });

  it('escapes a hostile name, villa and request in the HTML, and keeps them as typed in the text', () => {
    const hostile = booking({
      customer_name: '<script>alert("x")</script>',
      cottage_name: 'Villa "A" & <b>B</b>',
      special_requests: "<img src=x onerror='alert(1)'>\nsecond line",
    });
    for (const order of Object.values(orders(hostile))) {
      const mail = bookingMail(order, links);
      expect(mail.html).not.toMatch(/<script|<img|<b>/);
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail.html).toContain('Villa &quot;A&quot; &amp; &lt;b&gt;B&lt;/b&gt;');
      expect(mail.html).toContain('&lt;img src=x onerror=&#39;alert(1)&#39;&gt;<br>second line');
      expect(mail.text).toContain('<script>alert("x")</script>');
      expect(mail.text).toContain("Special requests: <img src=x onerror='alert(1)'>\n  second line");
      const calendar = parsedCalendar(mail);
      expect(calendar.summary).toBe('Villa "A" & <b>B</b> at Forest Resort (VMLX2K9A1B2C3)');
      expect(calendar.attendee?.getParameter('cn')).toBe("<script>alert('x')</script>");
    }
  });

  it('refuses a link that is not a web address', () => {
    expect(() => bookingMail(orders().confirmation, { manageUrl: 'javascript:alert(1)' })).toThrow(/http\(s\) links/);
    expect(() => bookingMail(orders().confirmation, { manageUrl: 'https://a.example/"><script>' })).toThrow();
    expect(() => bookingMail(orders()['confirm-request'], { manageUrl, confirmUrl: 'javascript:alert(1)' })).toThrow(/http\(s\) links/);
    // A stay to confirm without its Confirm link would send a button that confirms nothing.
    expect(() => bookingMail(orders()['confirm-request'], { manageUrl })).toThrow(/Confirm link/);
  });
});

describe('the calendar file', () => {
  it.each([
    ['confirm-request', 'REQUEST', 'TENTATIVE', 0],
    ['confirmation', 'REQUEST', 'CONFIRMED', 1],
    ['cancellation', 'CANCEL', 'CANCELLED', 2],
    ['late-payment-refunded', 'CANCEL', 'CANCELLED', 2],
    ['refund', 'CANCEL', 'CANCELLED', 3],
  ] as const)('%s: the stay from 2:00 pm to 11:00 am IST, METHOD:%s, STATUS:%s, SEQUENCE:%i', (kind, method, status, sequence) => {
    const mail = bookingMail(orders()[kind], links);
    const calendar = parsedCalendar(mail);
    expect(calendar.attachment.contentType).toBe(`text/calendar; charset=UTF-8; method=${method}`);
    expect(calendar).toMatchObject({
      method,
      status,
      sequence,
      uid: '7d9b3a52-2f41-4c1e-9a57-0c1d2e3f4a5b@forest-resort',
      start: checkInInstant,
      end: checkOutInstant,
      summary: 'Hornbill Villa at Forest Resort (VMLX2K9A1B2C3)',
      location: 'Forest Resort',
      url: manageUrl,
    });
    expect(calendar.description).toContain('Booking VMLX2K9A1B2C3');
    // The calendar file is forwarded and synced further than the e-mail: the manage link only, never the confirm proof.
    expect(calendar.description).toContain(`Manage your booking: ${manageUrl}`);
    expect(mail.attachments?.[0]?.content).not.toContain('confirm=');
    expect(calendar.attendee?.getFirstValue()).toBe('mailto:asha@example.in');
    expect(calendar.attendee?.getParameter('rsvp')).toBe('FALSE');
  });

  it('is CRLF lines of at most 75 octets, folded inside UTF-8 characters never, and reads back whole', () => {
    const name = 'श्रीमती आशा राव, "Asha"; \\ Rao — '.repeat(4);
    const record = booking({ customer_name: name, cottage_name: 'Hornbill Villa; the long one, by the river — नदी किनारे वाला विला' });
    const content = bookingCalendar(orders(record).confirmation, links, Date.parse('2026-11-22T05:00:00Z'));
    expect(content.endsWith('\r\n')).toBe(true);
    const lines = content.slice(0, -2).split('\r\n');
    // Cut as octets: each line is at most 75 of them and valid UTF-8 on its own (no character cut in half).
    const strict = new TextDecoder('utf-8', { fatal: true });
    const bytes = Buffer.from(content);
    let from = 0;
    for (let at = bytes.indexOf('\r\n'); at !== -1; from = at + 2, at = bytes.indexOf('\r\n', from)) {
      const line = bytes.subarray(from, at);
      expect(line.length).toBeLessThanOrEqual(75);
      expect(() => strict.decode(line)).not.toThrow();
    }
    expect(from).toBe(bytes.length);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(content).toContain('DTSTAMP:20261122T050000Z');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent') ?? undefined);
    expect(event.summary).toBe('Hornbill Villa; the long one, by the river — नदी किनारे वाला विला at Forest Resort (VMLX2K9A1B2C3)');
    expect(event.attendees[0]?.getParameter('cn')).toBe(name.replaceAll('"', "'"));
  });
});
