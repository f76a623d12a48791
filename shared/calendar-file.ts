import { RESORT_NAME } from './booking-mail.ts';
import { resortInstant, stayLimits } from './stay.ts';

/*
 * A booking as an iCalendar file: the e-mailed one (functions/lib/bookings/booking-mail.ts)
 * and the site's Add to calendar. Written here rather than with the `ics` package: that package
 * pulls in yup, runes2 and nanoid, and one VEVENT needs only text escaping and line folding.
 */

// Control characters have no place in a content line; line breaks are escaped instead.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export const icsText = (value: string): string =>
  value
    .replace(CONTROL, '')
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value: quoted; a quoted value cannot hold DQUOTE (made ') or line breaks (made spaces). */
const icsParam = (value: string): string =>
  `"${value
    .replace(CONTROL, '')
    .replace(/"/g, "'")
    .replace(/\r\n|\r|\n/g, ' ')}"`;

const encoder = new TextEncoder();

/**
 * Folds a content line to at most 75 octets per line, as iCalendar requires: CRLF and a space before each
 * continuation, which counts toward its 75. Cut between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** 20270110T083000Z. */
export const utcStamp = (instant: number): string =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

type Person = { name: string; email: string };

/** One event; times are UTC instants (no TZID, so no VTIMEZONE is needed). Optional lines are left out. */
export type CalendarEvent = {
  product: string;
  /** REQUEST or CANCEL for e-mailed invitations; PUBLISH for a file the guest adds themselves. */
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  uid: string;
  /** Only grows along a booking's life: a calendar keeps the highest it has seen. */
  sequence: number;
  stamp: number;
  start: number;
  end: number;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  organizer?: Person;
  attendee?: Person;
};

/** The .ics text: CRLF line ends, every line folded, every text value escaped. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${event.product}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
    ...(event.organizer ? [`ORGANIZER;CN=${icsParam(event.organizer.name)}:mailto:${event.organizer.email}`] : []),
    ...(event.attendee
      ? [`ATTENDEE;CN=${icsParam(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee.email}`]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

type StayBooking = { id: string; booking_reference: string; cottage_name: string; check_in_date: string; check_out_date: string };

/**
 * What every calendar file of a booking says alike: one event per booking (its later files update
 * it), check-in 2:00 PM to check-out 11:00 AM resort time as UTC instants, at the resort.
 */
export const stayEvent = (booking: StayBooking): Pick<CalendarEvent, 'uid' | 'start' | 'end' | 'summary' | 'location'> => ({
  uid: `${booking.id}@forest-resort`,
  start: resortInstant(booking.check_in_date, stayLimits.checkInTime),
  end: resortInstant(booking.check_out_date, stayLimits.checkOutTime),
  summary: `${booking.cottage_name} at ${RESORT_NAME} (${booking.booking_reference})`,
  location: RESORT_NAME,
});
