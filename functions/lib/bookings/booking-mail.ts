import type { BookingRecord } from '../../../shared/booking.ts';
import {
  cancellationPolicyLines,
  CHECK_IN_TIME,
  CHECK_OUT_TIME,
  confirmationMailContent,
  paymentLine,
  RESORT_NAME,
  resortClock,
  stayRows,
} from '../../../shared/booking-mail.ts';
import { formatInr } from '../../../shared/money.ts';
import { stayLimits } from '../../../shared/stay.ts';
import { calendarFile, stayEvent } from '../../../shared/calendar-file.ts';
import { deliveryConfig } from '../delivery-config.ts';
import type { Mail } from '../mail.ts';
import { escapeHtml, FOREST, INK, mailButton, mailPage, MUTED, notesBox } from '../mail-frame.ts';

/**
 * The booking e-mails the table stream's consumer sends, one per change that concerns the guest.
 * The manage URL is computed by the caller (it holds the link key); for a confirm request it is the
 * link that confirms the booking.
 */
export type MailOrder =
  /** Confirmed: paid online, or staff confirmed a pay-at-property booking. */
  | { kind: 'confirmation'; booking: BookingRecord }
  /** Pay at property: confirm from the link before `confirmBy` (ISO instant), or the hold lapses. */
  | { kind: 'confirm-request'; booking: BookingRecord; confirmBy: string }
  /** Cancelled; the refund (if any) is initiated. */
  | { kind: 'cancellation'; booking: BookingRecord; refundAmount: number }
  /** The provider processed a refund: the money is on its way back. */
  | { kind: 'refund'; booking: BookingRecord; refundAmount: number; refundId: string }
  /** Paid after the hold lapsed and the villa was taken: refunded in full, staff told. */
  | { kind: 'late-payment-refunded'; booking: BookingRecord; refundAmount: number };

/** The booking's manage link; for a stay to confirm, also the Confirm link (manage-link.ts `confirmUrl`). */
export type MailLinks = { manageUrl: string; confirmUrl?: string };

type Row = [string, string];

/** Everything one e-mail says; rendered as text, HTML and a calendar file below. */
type Letter = {
  subject: string;
  heading: string;
  /** The line mail apps show after the subject in the inbox. */
  preheader: string;
  paragraphs: string[];
  rows: Row[];
  /** Rows shown larger: the money. */
  emphasis: string[];
  /** The button; only the deprecated wrappers below may lack a link to put in it. */
  action?: { label: string; url: string };
  /** The button right after the opening paragraphs, when acting on it is the mail's point. */
  actionFirst?: boolean;
  /** The boxed notes: times and the cancellation policy. */
  notes: string[];
  closing: string[];
  calendar: CalendarState;
};

// ---------------------------------------------------------------------------------------------
// The calendar file (built by shared/calendar-file.ts, as the site's Add to calendar is).

type CalendarState = { method: 'REQUEST' | 'CANCEL'; status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'; sequence: number };

/**
 * The event's state after each e-mail. SEQUENCE only grows along a booking's life (a calendar keeps
 * the highest it has seen), so a cancellation always replaces the confirmed or tentative event.
 */
const calendarStates: Record<MailOrder['kind'], CalendarState> = {
  'confirm-request': { method: 'REQUEST', status: 'TENTATIVE', sequence: 0 },
  confirmation: { method: 'REQUEST', status: 'CONFIRMED', sequence: 1 },
  cancellation: { method: 'CANCEL', status: 'CANCELLED', sequence: 2 },
  'late-payment-refunded': { method: 'CANCEL', status: 'CANCELLED', sequence: 2 },
  refund: { method: 'CANCEL', status: 'CANCELLED', sequence: 3 },
};

/** The stay as one calendar event: check-in 2:00 PM to check-out 11:00 AM resort time, as UTC instants. */
export function bookingCalendar(order: MailOrder, links: MailLinks | undefined, now = Date.now()): string {
  const { booking } = order;
  const state = calendarStates[order.kind];
  const stay = `${booking.cottage_name} at ${RESORT_NAME}`;
  const description = [
    `Booking ${booking.booking_reference}: ${stay}.`,
    `Check-in from ${CHECK_IN_TIME}, check-out by ${CHECK_OUT_TIME} (India time).`,
    ...(order.kind === 'confirm-request'
      ? [`Not confirmed yet: confirm it before ${resortClock(Date.parse(order.confirmBy))} (India time), or the hold lapses.`]
      : [state.status === 'CANCELLED' ? 'This booking is cancelled.' : 'Confirmed.']),
    // The calendar file travels further than the e-mail (it is forwarded, synced): it never carries the confirm proof.
    ...(links ? [`Manage your booking: ${links.manageUrl}`] : []),
  ].join('\n');
  return calendarFile({
    product: `-//${RESORT_NAME}//Booking mail//EN`,
    method: state.method,
    sequence: state.sequence,
    stamp: now,
    ...stayEvent(booking),
    description,
    ...(links ? { url: links.manageUrl } : {}),
    status: state.status,
    organizer: { name: RESORT_NAME, email: deliveryConfig.MAIL_FROM ?? 'bookings@forest-resort.local' },
    attendee: { name: booking.customer_name, email: booking.customer_email },
  });
}

// ---------------------------------------------------------------------------------------------
// What each e-mail says.

const timesLine = `Check-in is from ${CHECK_IN_TIME} and check-out by ${CHECK_OUT_TIME} (India time).`;
const manage = (links: MailLinks | undefined) => (links ? { label: 'Manage your booking', url: links.manageUrl } : undefined);
/** The stay's rows with `extra` (payment, refund) right after the total. */
function withRows(booking: BookingRecord, ...extra: Row[]): Row[] {
  const rows = stayRows(booking);
  rows.splice(rows.findIndex(([label]) => label === 'Total') + 1, 0, ...extra);
  return rows;
}

function letterFor(order: MailOrder, links: MailLinks | undefined): Letter {
  const { booking } = order;
  const reference = booking.booking_reference;
  const calendar = calendarStates[order.kind];
  const policy = cancellationPolicyLines(booking);
  switch (order.kind) {
    case 'confirmation': {
      // The very content the site previews (shared/booking-mail.ts).
      const content = confirmationMailContent(booking);
      return {
        subject: content.subject,
        heading: 'Your booking is confirmed',
        preheader: `Booking ${reference} is confirmed: ${booking.cottage_name}, check-in ${booking.check_in_date}.`,
        paragraphs: [content.intro],
        rows: content.rows,
        emphasis: ['Total'],
        action: manage(links),
        notes: content.outro.filter((line) => !line.startsWith('Keep your booking reference')),
        closing: content.outro.filter((line) => line.startsWith('Keep your booking reference')),
        calendar,
      };
    }
    case 'confirm-request': {
      const deadline = `${resortClock(Date.parse(order.confirmBy))} (India time)`;
      return {
        subject: `Please confirm your booking ${reference} at ${RESORT_NAME}`,
        heading: 'Please confirm your booking',
        preheader: `Confirm booking ${reference} before ${deadline}, or the villa is released.`,
        paragraphs: [
          `Dear ${booking.customer_name}, thank you for booking with ${RESORT_NAME}. You chose to pay at the property.`,
          `Please confirm your booking from the button below before ${deadline}. Until then your villa is held for you; if it is not confirmed by then, the hold lapses and the nights are released.`,
        ],
        rows: withRows(booking, ['Payment', paymentLine(booking)], ['Confirm by', deadline]),
        emphasis: ['Total', 'Confirm by'],
        action: links && { label: 'Confirm your booking', url: links.confirmUrl ?? links.manageUrl },
        actionFirst: true,
        notes: [timesLine, ...policy],
        closing: [`Keep your booking reference ${reference}: with your e-mail address it finds your booking.`],
        calendar,
      };
    }
    case 'cancellation': {
      const refund = order.refundAmount;
      const refundText =
        refund > 0
          ? `A refund of ${formatInr(refund)} has been started to the account or card you paid with. We will e-mail you again when our payment provider has processed it.`
          : booking.payment_status === 'paid'
            ? `The cancellation came less than ${stayLimits.freeCancellationHours} hours before check-in, so under the cancellation policy nothing is refunded.`
            : 'Nothing was paid for this booking, so there is nothing to refund.';
      return {
        subject: `Booking ${reference} cancelled`,
        heading: 'Your booking is cancelled',
        preheader: refund > 0 ? `Booking ${reference} is cancelled; ${formatInr(refund)} will be refunded.` : `Booking ${reference} is cancelled.`,
        paragraphs: [`Dear ${booking.customer_name}, your booking with ${RESORT_NAME} is cancelled.`, refundText],
        rows: withRows(booking, ['Refund', refund > 0 ? `${formatInr(refund)}, initiated` : 'None']),
        emphasis: ['Refund'],
        action: manage(links),
        notes: [timesLine, ...policy],
        closing: ['We hope to welcome you to the forest another time.'],
        calendar,
      };
    }
    case 'refund':
      return {
        subject: `Refund of ${formatInr(order.refundAmount)} for booking ${reference}`,
        heading: 'Your refund is on its way',
        preheader: `${formatInr(order.refundAmount)} for booking ${reference} is on its way back to you.`,
        paragraphs: [
          `Dear ${booking.customer_name}, the refund of ${formatInr(order.refundAmount)} for your cancelled booking ${reference} has been processed by our payment provider.`,
          'The money is on its way back to the account or card you paid with; banks usually take 5 to 7 working days to show it.',
        ],
        rows: withRows(booking, ['Refund', `${formatInr(order.refundAmount)}, processed`], ['Refund reference', order.refundId]),
        emphasis: ['Refund'],
        action: manage(links),
        notes: [timesLine, ...policy],
        closing: ['We hope to welcome you to the forest another time.'],
        calendar,
      };
    case 'late-payment-refunded':
      return {
        subject: `Payment refunded: booking ${reference} could not be kept`,
        heading: 'Your payment has been refunded',
        preheader: `We refunded ${formatInr(order.refundAmount)} for booking ${reference} in full.`,
        paragraphs: [
          `Dear ${booking.customer_name}, your payment for booking ${reference} reached us after the time to pay had run out, and in the meantime the villa was booked by another guest.`,
          `We have refunded the full ${formatInr(order.refundAmount)} to the account or card you paid with, and our team has been told: they will be in touch to help you find other dates. We are sorry for the trouble.`,
        ],
        rows: withRows(booking, ['Refund', `${formatInr(order.refundAmount)}, in full`]),
        emphasis: ['Refund'],
        action: manage(links),
        notes: [timesLine, ...policy],
        closing: ['We hope to welcome you to the forest another time.'],
        calendar,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering: plain text, and HTML a phone shows well (one column up to 560px, inline styles, tables
// for the layout as mail apps need).

const escapeLines = (text: string) => escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');

const RULE = '#e3e9e1';

function renderText(letter: Letter, reference: string, attachmentName: string): string {
  return [
    `${RESORT_NAME}: ${letter.heading}`,
    '',
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, '']),
    // A value's own line breaks (special requests) indented under its label.
    ...letter.rows.map(([label, value]) => `${label}: ${value.replace(/\r\n|\r|\n/g, '\n  ')}`),
    '',
    ...(letter.action ? [`${letter.action.label}: ${letter.action.url}`, ''] : []),
    ...letter.notes,
    '',
    ...letter.closing,
    '',
    `The attached ${attachmentName} adds the stay to your calendar. Booking reference ${reference}.`,
  ].join('\n');
}

function renderHtml(letter: Letter, reference: string, to: string, attachmentName: string): string {
  const row = ([label, value]: Row, last: boolean) => {
    const strong = letter.emphasis.includes(label);
    const border = last ? '' : `border-bottom:1px solid ${RULE};`;
    return (
      `<tr><td style="${border}padding:10px 12px 10px 0;width:38%;vertical-align:top;font-size:14px;line-height:20px;color:${MUTED}">${escapeHtml(label)}</td>` +
      `<td style="${border}padding:10px 0;vertical-align:top;font-size:${strong ? 18 : 15}px;line-height:${strong ? 24 : 21}px;${strong ? 'font-weight:700;' : ''}color:${INK};word-break:break-word">${escapeLines(value)}</td></tr>`
    );
  };
  const body = `<tr><td style="padding:20px 24px 0">
<div style="font-size:12px;line-height:16px;letter-spacing:1px;text-transform:uppercase;color:${MUTED}">Booking reference</div>
<div style="margin-top:4px;font-size:24px;line-height:30px;font-weight:700;letter-spacing:1px;font-family:ui-monospace,Menlo,Consolas,monospace;color:${FOREST}">${escapeHtml(reference)}</div>
</td></tr>
<tr><td style="padding:12px 24px 0;font-size:16px;line-height:24px">
${letter.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
</td></tr>
${letter.action && letter.actionFirst ? mailButton(letter.action) : ''}<tr><td style="padding:4px 24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:2px solid ${FOREST}">
${letter.rows.map((entry, index) => row(entry, index === letter.rows.length - 1)).join('\n')}
</table>
</td></tr>
${letter.action && !letter.actionFirst ? mailButton(letter.action) : ''}${notesBox(letter.notes, '0 24px 16px')}<tr><td style="padding:0 24px 20px;font-size:15px;line-height:22px">
${letter.closing.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join('\n')}
</td></tr>
`;
  return mailPage(
    letter,
    body,
    `The attached ${escapeHtml(attachmentName)} adds the stay to your calendar. Sent to ${escapeHtml(to)} about booking ${escapeHtml(reference)} at ${escapeHtml(RESORT_NAME)}.`,
  );
}

/** The links go into an href: only a web address may. A stay to confirm needs its Confirm link. */
function checkLinks(order: MailOrder, links: MailLinks): void {
  if (order.kind === 'confirm-request' && !links.confirmUrl) throw new Error('The confirm-request e-mail needs its Confirm link');
  for (const url of [links.manageUrl, links.confirmUrl ?? links.manageUrl])
    if (!/^https?:\/\/[^\s"<>]+$/.test(url)) throw new Error('The booking e-mail needs http(s) links');
}

function composeMail(order: MailOrder, links: MailLinks | undefined): Mail {
  if (links) checkLinks(order, links);
  const { booking } = order;
  const letter = letterFor(order, links);
  const filename = `${booking.booking_reference.replace(/[^A-Za-z0-9-]/g, '') || 'booking'}.ics`;
  return {
    to: booking.customer_email,
    subject: letter.subject,
    text: renderText(letter, booking.booking_reference, filename),
    html: renderHtml(letter, booking.booking_reference, booking.customer_email, filename),
    attachments: [
      {
        filename,
        contentType: `text/calendar; charset=UTF-8; method=${letter.calendar.method}`,
        content: bookingCalendar(order, links),
      },
    ],
  };
}

/**
 * A booking e-mail: text and HTML parts (the HTML escaped, one phone-width column), the manage or
 * confirm link as a button, and the stay as a calendar file (`<reference>.ics`).
 */
export const bookingMail = (order: MailOrder, links: MailLinks): Mail => composeMail(order, links);
