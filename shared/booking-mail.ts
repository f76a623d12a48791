import { formatInr } from './money.ts';
import { resortInstant, stayLimits } from './stay.ts';
import { formatSlot } from './stay-format.ts';

/**
 * What the booking confirmation e-mail says, as data: the stream consumer renders it as the e-mail
 * (functions/lib/bookings/booking-mail.ts) and the site shows the same content as the e-mail's
 * preview in the booking result dialog, so the two can never say different things. The consumer's
 * other booking e-mails (confirm request, cancellation, refunds) are built from the same stay rows
 * and policy lines.
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
};

// 'Sunday, 10 January 2027': Intl does the names (date-fns' format would add a locale to the bundle).
// Built on first use: not every cold start of the consumer sends mail.
let longDateParts: Intl.DateTimeFormat | undefined;
export const longDate = (date: string) => {
  longDateParts ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const formatter = longDateParts;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(new Date(`${date}T00:00:00Z`)).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
};

/** A 24-hour 'HH:MM' as guests read it, in the one format of times (stay-format.ts): '14:00' -> '2:00 pm'. */
export const clockTime = (time: string): string => formatSlot(time);

export const CHECK_IN_TIME = clockTime(stayLimits.checkInTime);
export const CHECK_OUT_TIME = clockTime(stayLimits.checkOutTime);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The stay as every booking e-mail lists it (docs/product.md#e-mails): reference, guest, villa, the
 * dates with the check-in and check-out times, adults and children, package, safaris, total and
 * special requests.
 */
export function stayRows(booking: ConfirmedBooking): Array<[string, string]> {
  return [
    ['Booking reference', booking.booking_reference],
    ['Guest', booking.customer_name],
    ['Villa', booking.cottage_name],
    ['Check-in', `${longDate(booking.check_in_date)}, from ${CHECK_IN_TIME}`],
    ['Check-out', `${longDate(booking.check_out_date)}, by ${CHECK_OUT_TIME}`],
    ['Guests', `${plural(booking.adults, 'adult', 'adults')}, ${booking.children ? plural(booking.children, 'child', 'children') : 'no children'}`],
    ['Package', booking.package_name],
    ...booking.safaris.map((safari): [string, string] => [
      'Safari',
      `${safari.name}, ${longDate(safari.date)}, ${formatSlot(safari.time_slot)}, ${plural(safari.guests, 'guest', 'guests')}`,
    ]),
    ['Total', formatInr(booking.total_amount)],
    ...(booking.special_requests ? [['Special requests', booking.special_requests] as [string, string]] : []),
  ];
}

/** How the booking is paid, in words. */
export function paymentLine(booking: Pick<ConfirmedBooking, 'payment_method' | 'payment_status'>): string {
  if (booking.payment_method === 'offline') return booking.payment_status === 'paid' ? 'Paid at the property' : 'Pay at the property';
  if (booking.payment_status === 'paid') return 'Paid online';
  if (booking.payment_status === 'refunded') return 'Paid online, refunded';
  return `Online (${booking.payment_status})`;
}

// India Standard Time is UTC+05:30 all year (no daylight saving).
const IST_OFFSET_MS = 330 * 60_000;

/** An instant as the resort's clock reads it: '2:00 PM on Friday, 8 January 2027'. */
export function resortClock(instant: number): string {
  const local = new Date(instant + IST_OFFSET_MS).toISOString();
  return `${clockTime(local.slice(11, 16))} on ${longDate(local.slice(0, 10))}`;
}

/** The last moment a cancellation is free, as guests read it: 48 hours before check-in time, resort time. */
export const freeCancellationUntil = (checkIn: string): string =>
  resortClock(resortInstant(checkIn, stayLimits.checkInTime) - stayLimits.freeCancellationHours * 3_600_000);

/** The cancellation policy as every booking e-mail states it: free up to 48 hours before check-in, a full refund then, nothing after. */
export function cancellationPolicyLines(booking: Pick<ConfirmedBooking, 'check_in_date'>): string[] {
  return [
    `Cancellation policy: free cancellation up to ${stayLimits.freeCancellationHours} hours before check-in.`,
    `Cancel by ${freeCancellationUntil(booking.check_in_date)} and everything you paid is refunded; after that, nothing is refunded.`,
  ];
}

/** The confirmation e-mail (docs/product.md#e-mails): stay, guests, package, total, times and the policy. */
export function confirmationMailContent(booking: ConfirmedBooking): MailContent {
  const rows = stayRows(booking);
  const total = rows.findIndex(([label]) => label === 'Total');
  rows.splice(total + 1, 0, ['Payment', paymentLine(booking)]);
  return {
    subject: `Your stay at ${RESORT_NAME}: booking ${booking.booking_reference}`,
    intro: `Dear ${booking.customer_name}, thank you for booking with ${RESORT_NAME}. Your stay is confirmed.`,
    rows,
    outro: [
      ...cancellationPolicyLines(booking),
      `Check-in is from ${CHECK_IN_TIME} and check-out by ${CHECK_OUT_TIME} (India time).`,
      `Keep your booking reference ${booking.booking_reference}: with your e-mail address it finds your booking.`,
    ],
  };
}
