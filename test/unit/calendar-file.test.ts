import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icsText, stayEvent, utcStamp } from '../../shared/calendar-file.ts';

const booking = {
  id: 'b-1',
  booking_reference: 'VMLX2K9A1B2C3',
  cottage_name: 'Hornbill Villa, by the river; "the long one"',
  check_in_date: '2026-12-01',
  check_out_date: '2026-12-03',
};

describe('the calendar file builder (shared by the e-mails and the site)', () => {
  it('escapes text values and folds by octets', () => {
    expect(icsText('a\\b;c,d\ne\r\nf\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const [first, ...rest] = folded.split('\r\n');
    expect(Buffer.byteLength(first ?? '')).toBe(74); // 12 ASCII + 31 two-octet characters; a 32nd would make 76
    for (const line of rest) {
      expect(line.startsWith(' ')).toBe(true);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    expect(folded.replaceAll('\r\n ', '')).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('places the stay at check-in 2:00 PM to check-out 11:00 AM India time, as UTC instants', () => {
    const event = stayEvent(booking);
    expect(utcStamp(event.start)).toBe('20261201T083000Z');
    expect(utcStamp(event.end)).toBe('20261203T053000Z');
    expect(event).toMatchObject({ uid: 'b-1@forest-resort', summary: `${booking.cottage_name} at Forest Resort (VMLX2K9A1B2C3)`, location: 'Forest Resort' });
  });

  it('leaves out the lines it was not given, and a calendar reads the rest back whole', () => {
    const content = calendarFile({
      product: '-//Forest Resort//Site//EN',
      method: 'PUBLISH',
      sequence: 0,
      stamp: Date.UTC(2026, 10, 22),
      status: 'TENTATIVE',
      ...stayEvent(booking),
    });
    for (const absent of ['DESCRIPTION', 'URL', 'ORGANIZER', 'ATTENDEE', 'TZID']) expect(content).not.toContain(absent);
    expect(content.endsWith('\r\n')).toBe(true);
    expect(content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const calendar = new ICAL.Component(ICAL.parse(content));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.summary).toBe(`${booking.cottage_name} at Forest Resort (VMLX2K9A1B2C3)`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-03T05:30:00.000Z');
    expect(event.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });
});
