import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { accountMail } from '../../functions/lib/account-mail.ts';
import { bookingMail, type MailOrder } from '../../functions/lib/bookings/booking-mail.ts';
import type { BookingRecord } from '../../shared/booking.ts';
import { confirmationMailContent } from '../../shared/booking-mail.ts';
import { messages as english } from '../../shared/mail-messages/en.ts';
import { messages as hindi } from '../../shared/mail-messages/hi.ts';
import { mailWords } from '../../shared/mail-messages/index.ts';
import { readMailSource, showsAsWritten } from '../../infra/i18n/catalogues.ts';
import { placeholders } from '../support/message-placeholders.ts';
import { storedBooking } from '../support/stream-fixtures.ts';

const links = {
  manageUrl: 'https://resort.example/booking/VMLX2K9A1B2C3?token=7d9b3a52.abc',
  confirmUrl: 'https://resort.example/booking/VMLX2K9A1B2C3?confirm=1',
};

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  const { claims: _claims, quote: _quote, ...record } = storedBooking({ children: 1, special_requests: 'A quiet room, please', ...overrides });
  return record;
}

const orders = (record: BookingRecord): MailOrder[] => [
  { kind: 'confirmation', booking: { ...record, status: 'confirmed', payment_method: 'razorpay', payment_status: 'paid' } },
  { kind: 'confirm-request', booking: record, confirmBy: '2026-11-23T05:00:00.000Z' },
  { kind: 'cancellation', booking: { ...record, status: 'cancelled', payment_method: 'razorpay', payment_status: 'paid' }, refundAmount: 41_300 },
  { kind: 'cancellation', booking: { ...record, status: 'cancelled', payment_status: 'paid' }, refundAmount: 0 },
  { kind: 'cancellation', booking: { ...record, status: 'cancelled', payment_status: 'pending' }, refundAmount: 0 },
  { kind: 'refund', booking: { ...record, status: 'cancelled', payment_status: 'refunded' }, refundAmount: 41_300, refundId: 'rfnd_AbCdEf12345678' },
  { kind: 'late-payment-refunded', booking: { ...record, status: 'expired', payment_status: 'refunded' }, refundAmount: 41_300 },
];

/** The words of an English message, each of which a Hindi e-mail must not show: a message's own text, its values left out. */
const englishWords = english.flatMap((message) =>
  message.split(/\{[^}]*\}|[^A-Za-z]+/).filter((word) => word.length > 3 && !['Forest', 'Resort'].includes(word)),
);

describe('the booking e-mails in the language the guest booked in (docs/product.md#e-mails)', () => {
  it('has a Hindi message for every English one, with the same placeholders', async () => {
    const [en, hi] = [await readMailSource('en'), await readMailSource('hi')];
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [id, message] of Object.entries(hindi)) {
      expect(message.trim(), id).not.toBe('');
      expect(placeholders(message), id).toEqual(placeholders(id));
    }
    // The English with nothing to fill in is shown as written, so it needs no compiling.
    expect(english.filter((message) => showsAsWritten(message)).length).toBeGreaterThan(10);
  });

  it('writes every booking e-mail whole in Hindi: subject, text, HTML and calendar, with no English sentence left', () => {
    for (const order of orders(booking({ language: 'hi' }))) {
      const mail = bookingMail(order, links);
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments?.[0]?.content ?? ''));
      const event = calendar.getFirstSubcomponent('vevent');
      const written = [mail.subject, mail.text, String(event?.getFirstPropertyValue('summary')), String(event?.getFirstPropertyValue('description'))].join(
        '\n',
      );
      // What staff and the guest wrote, the reference, the links and the file name are as they are.
      const own = written.replace(
        /Hornbill Villa|Forest Retreat|Jungle Jeep Safari|A quiet room, please|Asha Rao|Forest Resort|\S+\.ics|https:\S+|rfnd_\w+|[A-Z0-9]{12,}|[ap]m/g,
        '',
      );
      const left = englishWords.filter((word) => new RegExp(`\\b${word}\\b`).test(own));
      expect(left, `${order.kind}: ${written}`).toEqual([]);
      expect(mail.html).toContain('<html lang="hi">');
      expect(mail.html).toContain('बुकिंग संदर्भ');
    }
  });

  it('writes both sign-up e-mails whole in Hindi, with no English sentence left', () => {
    const signIn = { activateUrl: 'https://resort.example/account/activate?token=abc', signInUrl: 'https://resort.example/account/sign-in' };
    for (const mail of [
      accountMail(
        { kind: 'activate', to: 'meera@example.in', name: 'Meera Iyer', signupId: 'x', expiresAt: '2026-11-26T05:00:00.000Z', language: 'hi' },
        signIn,
      ),
      accountMail({ kind: 'signup-taken', to: 'meera@example.in', name: 'Meera Iyer', language: 'hi' }, signIn),
    ]) {
      const own = [mail.subject, mail.text].join('\n').replace(/Meera Iyer|Forest Resort|meera@example\.in|https:\S+|[ap]m/g, '');
      expect(
        englishWords.filter((word) => new RegExp(`\\b${word}\\b`).test(own)),
        mail.text,
      ).toEqual([]);
      expect(mail.html).toContain('<html lang="hi">');
      expect(mail.html).toContain('या यह लिंक खोलें:');
    }
  });

  it("shows the site's preview of the confirmation in the booking's language, and English for a booking that names none", () => {
    const hindiPreview = confirmationMailContent(booking({ language: 'hi', booking_reference: 'VMLX2K9A1B2C3' }));
    expect(hindiPreview.subject).toBe('Forest Resort में आपका ठहराव: बुकिंग VMLX2K9A1B2C3');
    expect(hindiPreview.rows.map(([label]) => label)).toEqual([
      'बुकिंग संदर्भ',
      'मेहमान का नाम',
      'विला',
      'चेक-इन',
      'चेक-आउट',
      'मेहमान',
      'पैकेज',
      'सफ़ारी',
      'कुल',
      'भुगतान',
      'विशेष अनुरोध',
    ]);
    expect(confirmationMailContent(booking({ booking_reference: 'VMLX2K9A1B2C3' })).subject).toBe('Your stay at Forest Resort: booking VMLX2K9A1B2C3');
    // Anything but a language it speaks is English.
    expect(mailWords('fr').language).toBe('en');
    expect(mailWords(undefined).say('Total')).toBe('Total');
    expect(
      mailWords('hi').say('{adults, plural, one {# adult} other {# adults}}, {children, plural, =0 {no children} one {# child} other {# children}}', {
        adults: 1,
        children: 2,
      }),
    ).toBe('1 वयस्क, 2 बच्चे');
  });
});
