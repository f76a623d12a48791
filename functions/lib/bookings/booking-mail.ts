import type { BookingRecord } from '../../../shared/booking.ts';
import { formatInr } from '../../../shared/money.ts';
import type { Mail } from '../mail.ts';

const RESORT = 'Forest Resort';
// 'Sunday, 10 January 2027': Intl does the names (date-fns' format would add a locale of ~20 KB to the bundle).
// Built on first use: not every cold start of the consumer sends mail.
let longDateParts: Intl.DateTimeFormat | undefined;
const longDate = (date: string) => {
  longDateParts ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const formatter = longDateParts;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(new Date(`${date}T00:00:00Z`)).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function render(rows: Array<[string, string]>, intro: string, outro: string[]) {
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', ...outro].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f1c"><p>${escape(intro)}</p><table cellpadding="4">${rows
    .map(([label, value]) => `<tr><th align="left">${escape(label)}</th><td>${escape(value)}</td></tr>`)
    .join('')}</table>${outro.map((line) => `<p>${escape(line)}</p>`).join('')}</body></html>`;
  return { text, html };
}

/** The confirmation of the spec's e-mail preview: stay, guests, package, total, times and the policy. */
export function bookingConfirmationMail(booking: BookingRecord): Mail {
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
  const { text, html } = render(rows, `Dear ${booking.customer_name}, thank you for booking with ${RESORT}. Your stay is reserved.`, [
    'Cancellation policy: free cancellation up to 48 hours before check-in.',
    `Keep your booking reference ${booking.booking_reference}: with your e-mail address it finds your booking.`,
  ]);
  return { to: booking.customer_email, subject: `Your stay at ${RESORT}: booking ${booking.booking_reference}`, text, html };
}

export function bookingCancellationMail(booking: BookingRecord, refundAmount: number): Mail {
  const rows: Array<[string, string]> = [
    ['Booking reference', booking.booking_reference],
    ['Villa', booking.cottage_name],
    ['Dates', `${longDate(booking.check_in_date)} to ${longDate(booking.check_out_date)}`],
    ['Refund', refundAmount > 0 ? formatInr(refundAmount) : 'None (within 48 hours of check-in, or nothing was paid)'],
  ];
  const { text, html } = render(rows, `Dear ${booking.customer_name}, your booking with ${RESORT} is cancelled.`, [
    'We hope to welcome you to the forest another time.',
  ]);
  return { to: booking.customer_email, subject: `Booking ${booking.booking_reference} cancelled`, text, html };
}
