import { foldLine, icsText, utcStamp } from './calendar-file.ts';

/**
 * A unit's nights as an iCalendar feed (RFC 5545) for the booking channels: one all-day event per
 * stay, DTSTART the check-in date and DTEND the check-out date (exclusive), as channels read a
 * blocked range. No guest data: a channel learns only that the nights are taken.
 */
export type AllDayEvent = { uid: string; start: string; end: string; summary: string };

const dateValue = (date: string) => date.replaceAll('-', '');

export function availabilityCalendar(input: { product: string; name: string; stamp: number; events: readonly AllDayEvent[] }): string {
  const stamp = utcStamp(input.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${input.product}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(input.name)}`,
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${icsText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${dateValue(event.start)}`,
      `DTEND;VALUE=DATE:${dateValue(event.end)}`,
      `SUMMARY:${icsText(event.summary)}`,
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
