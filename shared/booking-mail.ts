import { formatInr } from './money.ts';

/**
 * What the booking confirmation e-mail says, as data: the stream consumer renders it as the e-mail
 * (functions/lib/bookings/booking-mail.ts) and the site shows the same content as the e-mail's
 * preview in the booking result dialog, so the two can never say different things.
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

// 'Sunday, 10 January 2027': Intl does the names (date-fns' format would add a locale of ~20 KB to the bundle).
// Built on first use: not every cold start of the consumer sends mail.
let longDateParts: Intl.DateTimeFormat | undefined;
export const longDate = (date: string) => {
  longDateParts ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const formatter = longDateParts;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(new Date(`${date}T00:00:00Z`)).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
};

/** The confirmation of the spec's e-mail preview: stay, guests, package, total, times and the policy. */
export function confirmationMailContent(booking: ConfirmedBooking): MailContent {
  const rows: Array<[string, string]> = [
    ['Booking reference', booking.booking_reference],
    ['Villa', booking.cottage_name],
    ['Check-in', `${longDate(booking.check_in_date)}, from 2:00 PM`],
    ['Check-out', `${longDate(booking.check_out_date)}, by 11:00 AM`],
    [
      'Guests',
      `${booking.adults} adult${booking.adults === 1 ? '' : 's'}${booking.children ? `, ${booking.children} child${booking.children === 1 ? '' : 'ren'}` : ''}`,
    ],
    ['Package', booking.package_name],
    ...booking.safaris.map((safari): [string, string] => [
      'Safari',
      `${safari.name}, ${longDate(safari.date)} ${safari.time_slot}, ${safari.guests} guest${safari.guests === 1 ? '' : 's'}`,
    ]),
    ['Total', formatInr(booking.total_amount)],
    ['Payment', booking.payment_method === 'offline' ? 'Pay at the property' : `Online (${booking.payment_status})`],
    ...(booking.special_requests ? [['Special requests', booking.special_requests] as [string, string]] : []),
  ];
  return {
    subject: `Your stay at ${RESORT_NAME}: booking ${booking.booking_reference}`,
    intro: `Dear ${booking.customer_name}, thank you for booking with ${RESORT_NAME}. Your stay is reserved.`,
    rows,
    outro: [
      'Cancellation policy: free cancellation up to 48 hours before check-in.',
      `Keep your booking reference ${booking.booking_reference}: with your e-mail address it finds your booking.`,
    ],
  };
}
