import type { BookingRecord } from '../../../shared/booking.ts';
import { confirmationMailContent, longDate, RESORT_NAME as RESORT } from '../../../shared/booking-mail.ts';
import { formatInr } from '../../../shared/money.ts';
import type { Mail } from '../mail.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function render(rows: Array<[string, string]>, intro: string, outro: string[]) {
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', ...outro].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f1c"><p>${escape(intro)}</p><table cellpadding="4">${rows
    .map(([label, value]) => `<tr><th align="left">${escape(label)}</th><td>${escape(value)}</td></tr>`)
    .join('')}</table>${outro.map((line) => `<p>${escape(line)}</p>`).join('')}</body></html>`;
  return { text, html };
}

/** The confirmation e-mail: the content the site also previews (shared/booking-mail.ts), as text and HTML. */
export function bookingConfirmationMail(booking: BookingRecord): Mail {
  const content = confirmationMailContent(booking);
  const { text, html } = render(content.rows, content.intro, content.outro);
  return { to: booking.customer_email, subject: content.subject, text, html };
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
