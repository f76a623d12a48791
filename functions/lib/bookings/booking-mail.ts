import type { BookingRecord } from '../../../shared/booking.ts';
import {
  afterTotal,
  cancellationPolicyLines,
  confirmationMailContent,
  keepReferenceLine,
  paymentLine,
  RESORT_NAME,
  resortClock,
  stayRows,
  stayTimes,
  timesLine,
} from '../../../shared/booking-mail.ts';
import { mailWords, type MailWords } from '../../../shared/mail-messages/index.ts';
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
  /** Rows shown larger (by label): the money. */
  emphasis: string[];
  /** The button; only the deprecated wrappers below may lack a link to put in it. */
  action?: { label: string; url: string };
  /** The button right after the opening paragraphs, when acting on it is the mail's point. */
  actionFirst?: boolean;
  /** The boxed notes: times and the cancellation policy. */
  notes: string[];
  closing: string[];
  calendar: CalendarState;
  /** The language it is written in. */
  words: MailWords;
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
  const words = mailWords(booking.language);
  const { say } = words;
  const state = calendarStates[order.kind];
  const names = { reference: booking.booking_reference, villa: booking.cottage_name, resort: RESORT_NAME };
  const description = [
    say('Booking {reference}: {villa} at {resort}.', names),
    say('Check-in from {checkIn}, check-out by {checkOut} (India time).', stayTimes(words)),
    ...(order.kind === 'confirm-request'
      ? [
          say('Not confirmed yet: confirm it before {deadline} (India time), or the hold lapses.', {
            deadline: resortClock(Date.parse(order.confirmBy), words),
          }),
        ]
      : [state.status === 'CANCELLED' ? say('This booking is cancelled.') : say('Confirmed.')]),
    // The calendar file travels further than the e-mail (it is forwarded, synced): it never carries the confirm proof.
    ...(links ? [say('Manage your booking: {url}', { url: links.manageUrl })] : []),
  ].join('\n');
  return calendarFile({
    product: `-//${RESORT_NAME}//Booking mail//EN`,
    method: state.method,
    sequence: state.sequence,
    stamp: now,
    ...stayEvent(booking),
    summary: say('{villa} at {resort} ({reference})', names),
    description,
    ...(links ? { url: links.manageUrl } : {}),
    status: state.status,
    organizer: { name: RESORT_NAME, email: deliveryConfig.MAIL_FROM ?? 'bookings@forest-resort.local' },
    attendee: { name: booking.customer_name, email: booking.customer_email },
  });
}

// ---------------------------------------------------------------------------------------------
// What each e-mail says.

const manage = (links: MailLinks | undefined, { say }: MailWords) => (links ? { label: say('Manage your booking'), url: links.manageUrl } : undefined);

function letterFor(order: MailOrder, links: MailLinks | undefined): Letter {
  const { booking } = order;
  const words = mailWords(booking.language);
  const { say } = words;
  const reference = booking.booking_reference;
  const name = booking.customer_name;
  const resort = RESORT_NAME;
  const calendar = calendarStates[order.kind];
  const policy = cancellationPolicyLines(booking, words);
  const notes = [timesLine(words), ...policy];
  const rows = stayRows(booking, words);
  const farewell = [say('We hope to welcome you to the forest another time.')];
  switch (order.kind) {
    case 'confirmation': {
      // The very content the site previews (shared/booking-mail.ts).
      const content = confirmationMailContent(booking, words);
      const keep = keepReferenceLine(reference, words);
      return {
        subject: content.subject,
        heading: say('Your booking is confirmed'),
        preheader: say('Booking {reference} is confirmed: {villa}, check-in {date}.', { reference, villa: booking.cottage_name, date: booking.check_in_date }),
        paragraphs: [content.intro],
        rows: content.rows,
        emphasis: [say('Total')],
        action: manage(links, words),
        notes: content.outro.filter((line) => line !== keep),
        closing: [keep],
        calendar,
        words,
      };
    }
    case 'confirm-request': {
      const deadline = say('{instant} (India time)', { instant: resortClock(Date.parse(order.confirmBy), words) });
      return {
        subject: say('Please confirm your booking {reference} at {resort}', { reference, resort }),
        heading: say('Please confirm your booking'),
        preheader: say('Confirm booking {reference} before {deadline}, or the villa is released.', { reference, deadline }),
        paragraphs: [
          say('Dear {name}, thank you for booking with {resort}. You chose to pay at the property.', { name, resort }),
          say(
            'Please confirm your booking from the button below before {deadline}. Until then your villa is held for you; if it is not confirmed by then, the hold lapses and the nights are released.',
            { deadline },
          ),
        ],
        rows: afterTotal(rows, words, [say('Payment'), paymentLine(booking, words)], [say('Confirm by'), deadline]),
        emphasis: [say('Total'), say('Confirm by')],
        action: links && { label: say('Confirm your booking'), url: links.confirmUrl ?? links.manageUrl },
        actionFirst: true,
        notes,
        closing: [keepReferenceLine(reference, words)],
        calendar,
        words,
      };
    }
    case 'cancellation': {
      const refund = order.refundAmount;
      const amount = formatInr(refund);
      const refundText =
        refund > 0
          ? say(
              'A refund of {amount} has been started to the account or card you paid with. We will e-mail you again when our payment provider has processed it.',
              { amount },
            )
          : booking.payment_status === 'paid'
            ? say('The cancellation came less than {hours} hours before check-in, so under the cancellation policy nothing is refunded.', {
                hours: stayLimits.freeCancellationHours,
              })
            : say('Nothing was paid for this booking, so there is nothing to refund.');
      return {
        subject: say('Booking {reference} cancelled', { reference }),
        heading: say('Your booking is cancelled'),
        preheader:
          refund > 0
            ? say('Booking {reference} is cancelled; {amount} will be refunded.', { reference, amount })
            : say('Booking {reference} is cancelled.', { reference }),
        paragraphs: [say('Dear {name}, your booking with {resort} is cancelled.', { name, resort }), refundText],
        rows: afterTotal(rows, words, [say('Refund'), refund > 0 ? say('{amount}, initiated', { amount }) : say('None')]),
        emphasis: [say('Refund')],
        action: manage(links, words),
        notes,
        closing: farewell,
        calendar,
        words,
      };
    }
    case 'refund': {
      const amount = formatInr(order.refundAmount);
      return {
        subject: say('Refund of {amount} for booking {reference}', { amount, reference }),
        heading: say('Your refund is on its way'),
        preheader: say('{amount} for booking {reference} is on its way back to you.', { amount, reference }),
        paragraphs: [
          say('Dear {name}, the refund of {amount} for your cancelled booking {reference} has been processed by our payment provider.', {
            name,
            amount,
            reference,
          }),
          say('The money is on its way back to the account or card you paid with; banks usually take 5 to 7 working days to show it.'),
        ],
        rows: afterTotal(rows, words, [say('Refund'), say('{amount}, processed', { amount })], [say('Refund reference'), order.refundId]),
        emphasis: [say('Refund')],
        action: manage(links, words),
        notes,
        closing: farewell,
        calendar,
        words,
      };
    }
    case 'late-payment-refunded': {
      const amount = formatInr(order.refundAmount);
      return {
        subject: say('Payment refunded: booking {reference} could not be kept', { reference }),
        heading: say('Your payment has been refunded'),
        preheader: say('We refunded {amount} for booking {reference} in full.', { amount, reference }),
        paragraphs: [
          say(
            'Dear {name}, your payment for booking {reference} reached us after the time to pay had run out, and in the meantime the villa was booked by another guest.',
            { name, reference },
          ),
          say(
            'We have refunded the full {amount} to the account or card you paid with, and our team has been told: they will be in touch to help you find other dates. We are sorry for the trouble.',
            { amount },
          ),
        ],
        rows: afterTotal(rows, words, [say('Refund'), say('{amount}, in full', { amount })]),
        emphasis: [say('Refund')],
        action: manage(links, words),
        notes,
        closing: farewell,
        calendar,
        words,
      };
    }
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
    letter.words.say('The attached {file} adds the stay to your calendar. Booking reference {reference}.', { file: attachmentName, reference }),
  ].join('\n');
}

function renderHtml(letter: Letter, reference: string, to: string, attachmentName: string): string {
  const orOpen = letter.words.say('Or open this link:');
  const row = ([label, value]: Row, last: boolean) => {
    const strong = letter.emphasis.includes(label);
    const border = last ? '' : `border-bottom:1px solid ${RULE};`;
    return (
      `<tr><td style="${border}padding:10px 12px 10px 0;width:38%;vertical-align:top;font-size:14px;line-height:20px;color:${MUTED}">${escapeHtml(label)}</td>` +
      `<td style="${border}padding:10px 0;vertical-align:top;font-size:${strong ? 18 : 15}px;line-height:${strong ? 24 : 21}px;${strong ? 'font-weight:700;' : ''}color:${INK};word-break:break-word">${escapeLines(value)}</td></tr>`
    );
  };
  const body = `<tr><td style="padding:20px 24px 0">
<div style="font-size:12px;line-height:16px;letter-spacing:1px;text-transform:uppercase;color:${MUTED}">${escapeHtml(letter.words.say('Booking reference'))}</div>
<div style="margin-top:4px;font-size:24px;line-height:30px;font-weight:700;letter-spacing:1px;font-family:ui-monospace,Menlo,Consolas,monospace;color:${FOREST}">${escapeHtml(reference)}</div>
</td></tr>
<tr><td style="padding:12px 24px 0;font-size:16px;line-height:24px">
${letter.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
</td></tr>
${letter.action && letter.actionFirst ? mailButton(letter.action, undefined, orOpen) : ''}<tr><td style="padding:4px 24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:2px solid ${FOREST}">
${letter.rows.map((entry, index) => row(entry, index === letter.rows.length - 1)).join('\n')}
</table>
</td></tr>
${letter.action && !letter.actionFirst ? mailButton(letter.action, undefined, orOpen) : ''}${notesBox(letter.notes, '0 24px 16px')}<tr><td style="padding:0 24px 20px;font-size:15px;line-height:22px">
${letter.closing.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join('\n')}
</td></tr>
`;
  return mailPage(
    { ...letter, lang: letter.words.language },
    body,
    escapeHtml(
      letter.words.say('The attached {file} adds the stay to your calendar. Sent to {to} about booking {reference} at {resort}.', {
        file: attachmentName,
        to,
        reference,
        resort: RESORT_NAME,
      }),
    ),
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
