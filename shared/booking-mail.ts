import { mailWords, type MailWords } from './mail-messages/index.ts';
import { formatInr } from './money.ts';
import { RESORT_UTC_OFFSET_MS, resortInstant, stayLimits } from './stay.ts';
import { dateTimeFormat, DEFAULT_FORMAT_LOCALE, formatSlot } from './stay-format.ts';

/**
 * What the booking confirmation e-mail says, as data: the stream consumer renders it as the e-mail
 * (functions/lib/bookings/booking-mail.ts) and the site shows the same content as the e-mail's
 * preview in the booking result dialog, so the two can never say different things. The consumer's
 * other booking e-mails (confirm request, cancellation, refunds) are built from the same stay rows
 * and policy lines. Each speaks the booking's language (`MailWords`, shared/mail-messages); English
 * when none is given.
 */
export const RESORT_NAME = 'Forest Resort';

export type MailContent = { subject: string; intro: string; rows: Array<[string, string]>; outro: string[] };

export type ConfirmedBooking = {
  booking_reference: string;
  customer_name: string;
  cottage_name: string;
  check_in_date: string;
  check_out_date: string;
  adults: number;
  children: number;
  package_name: string;
  safaris: ReadonlyArray<{ name: string; date: string; time_slot: string; guests: number }>;
  total_amount: number;
  payment_method: string;
  payment_status: string;
  special_requests?: string | undefined;
  /** The language the guest booked in (shared/languages.ts): its e-mails speak it; any other is English. */
  language?: string | undefined;
};

/** 'Sunday, 10 January 2027' ('रविवार, 10 जनवरी 2027' in Hindi): Intl names the day and the month. */
export const longDate = (date: string, locale: string = DEFAULT_FORMAT_LOCALE) => {
  const formatter = dateTimeFormat(locale, 'mail-long-date', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(new Date(`${date}T00:00:00Z`)).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
};

/** A 24-hour 'HH:MM' as guests read it, in the one format of times (stay-format.ts): '14:00' -> '2:00 pm'. */
export const clockTime = (time: string, locale: string = DEFAULT_FORMAT_LOCALE): string => formatSlot(time, locale);

/** The check-in and check-out times in the e-mail's language. */
export const stayTimes = (words: MailWords) => ({
  checkIn: clockTime(stayLimits.checkInTime, words.locale),
  checkOut: clockTime(stayLimits.checkOutTime, words.locale),
});

/**
 * The stay as every booking e-mail lists it (docs/product.md#e-mails): reference, guest, villa, the
 * dates with the check-in and check-out times, adults and children, package, safaris, total and
 * special requests.
 */
export function stayRows(booking: ConfirmedBooking, words: MailWords = mailWords()): Array<[string, string]> {
  const { say, locale } = words;
  const times = stayTimes(words);
  return [
    [say('Booking reference'), booking.booking_reference],
    [say('Guest'), booking.customer_name],
    [say('Villa'), booking.cottage_name],
    [say('Check-in'), say('{date}, from {time}', { date: longDate(booking.check_in_date, locale), time: times.checkIn })],
    [say('Check-out'), say('{date}, by {time}', { date: longDate(booking.check_out_date, locale), time: times.checkOut })],
    [
      say('Guests'),
      say('{adults, plural, one {# adult} other {# adults}}, {children, plural, =0 {no children} one {# child} other {# children}}', {
        adults: booking.adults,
        children: booking.children,
      }),
    ],
    [say('Package'), booking.package_name],
    ...booking.safaris.map((safari): [string, string] => [
      say('Safari'),
      say('{name}, {date}, {slot}, {guests, plural, one {# guest} other {# guests}}', {
        name: safari.name,
        date: longDate(safari.date, locale),
        slot: formatSlot(safari.time_slot, locale),
        guests: safari.guests,
      }),
    ]),
    [say('Total'), formatInr(booking.total_amount)],
    ...(booking.special_requests ? [[say('Special requests'), booking.special_requests] as [string, string]] : []),
  ];
}

/** `rows` (stayRows) with `extra` (payment, refund) right after the total. */
export function afterTotal(rows: Array<[string, string]>, words: MailWords, ...extra: Array<[string, string]>): Array<[string, string]> {
  const total = words.say('Total');
  const copy = [...rows];
  copy.splice(copy.findIndex(([label]) => label === total) + 1, 0, ...extra);
  return copy;
}

/** How the booking is paid, in words. */
export function paymentLine(booking: Pick<ConfirmedBooking, 'payment_method' | 'payment_status'>, { say }: MailWords = mailWords()): string {
  if (booking.payment_method === 'offline') return booking.payment_status === 'paid' ? say('Paid at the property') : say('Pay at the property');
  if (booking.payment_status === 'paid') return say('Paid online');
  if (booking.payment_status === 'refunded') return say('Paid online, refunded');
  return say('Online ({status})', { status: booking.payment_status });
}

/** An instant as the resort's clock reads it: '2:00 pm on Friday, 8 January 2027'. */
export function resortClock(instant: number, { say, locale }: MailWords = mailWords()): string {
  const local = new Date(instant + RESORT_UTC_OFFSET_MS).toISOString();
  return say('{time} on {date}', { time: clockTime(local.slice(11, 16), locale), date: longDate(local.slice(0, 10), locale) });
}

/** The last moment a cancellation is free, as guests read it: 48 hours before check-in time, resort time. */
export const freeCancellationUntil = (checkIn: string, words: MailWords = mailWords()): string =>
  resortClock(resortInstant(checkIn, stayLimits.checkInTime) - stayLimits.freeCancellationHours * 3_600_000, words);

/** The cancellation policy as every booking e-mail states it: free up to 48 hours before check-in, a full refund then, nothing after. */
export function cancellationPolicyLines(booking: Pick<ConfirmedBooking, 'check_in_date'>, words: MailWords = mailWords()): string[] {
  return [
    words.say('Cancellation policy: free cancellation up to {hours} hours before check-in.', { hours: stayLimits.freeCancellationHours }),
    words.say('Cancel by {deadline} and everything you paid is refunded; after that, nothing is refunded.', {
      deadline: freeCancellationUntil(booking.check_in_date, words),
    }),
  ];
}

/** 'Check-in is from 2:00 pm and check-out by 11:00 am (India time).' */
export const timesLine = (words: MailWords): string => words.say('Check-in is from {checkIn} and check-out by {checkOut} (India time).', stayTimes(words));

/** The closing line every booking e-mail keeps: the reference, which with the address finds the booking. */
export const keepReferenceLine = (reference: string, { say }: MailWords): string =>
  say('Keep your booking reference {reference}: with your e-mail address it finds your booking.', { reference });

/**
 * The confirmation e-mail (docs/product.md#e-mails): stay, guests, package, total, times and the
 * policy, in the booking's language.
 */
export function confirmationMailContent(booking: ConfirmedBooking, words: MailWords = mailWords(booking.language)): MailContent {
  const { say } = words;
  return {
    subject: say('Your stay at {resort}: booking {reference}', { resort: RESORT_NAME, reference: booking.booking_reference }),
    intro: say('Dear {name}, thank you for booking with {resort}. Your stay is confirmed.', { name: booking.customer_name, resort: RESORT_NAME }),
    rows: afterTotal(stayRows(booking, words), words, [say('Payment'), paymentLine(booking, words)]),
    outro: [...cancellationPolicyLines(booking, words), timesLine(words), keepReferenceLine(booking.booking_reference, words)],
  };
}
