import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { stayEvents } from '../../functions/lib/channels/calendar-export.ts';
import { availabilityCalendar } from '../../shared/availability-calendar.ts';

describe("a unit's feed events (functions/lib/channels/calendar-export.ts)", () => {
  it('makes one all-day event per run of one holder, check-out exclusive; held, booked and blocked say so', () => {
    const events = stayEvents('glass-1', [
      { night: '2026-12-01', holder: { bookingId: 'b1' }, heldUntil: 1 },
      { night: '2026-12-02', holder: { bookingId: 'b1' }, heldUntil: 1 },
      { night: '2026-12-03', holder: { bookingId: 'b2' } },
      { night: '2026-12-05', holder: { blockId: 'k1' } },
      { night: '2026-12-06', holder: { blockId: 'k1' } },
      // The same booking again after a gap (a lapsed night retaken by someone else): a second event, its own UID.
      { night: '2026-12-08', holder: { bookingId: 'b2' } },
    ]);
    expect(events).toEqual([
      { uid: 'booking-b1.glass-1@forest-resort', start: '2026-12-01', end: '2026-12-03', summary: 'Held' },
      { uid: 'booking-b2.glass-1@forest-resort', start: '2026-12-03', end: '2026-12-04', summary: 'Booked' },
      { uid: 'block-k1.glass-1@forest-resort', start: '2026-12-05', end: '2026-12-07', summary: 'Blocked' },
      { uid: 'booking-b2-2.glass-1@forest-resort', start: '2026-12-08', end: '2026-12-09', summary: 'Booked' },
    ]);
    expect(stayEvents('glass-1', [])).toEqual([]);
  });

  it('writes a calendar ical.js reads back: dates as DATE values, across a month and a year end', () => {
    const text = availabilityCalendar({
      product: '-//Test//EN',
      name: 'Glass Cottage',
      stamp: Date.UTC(2026, 11, 1, 10, 30),
      events: [{ uid: 'block-k1.glass-1@forest-resort', start: '2026-12-30', end: '2027-01-02', summary: 'Blocked' }],
    });
    const [vevent] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect([event.startDate.toString(), event.endDate.toString(), event.startDate.isDate, event.summary]).toEqual([
      '2026-12-30',
      '2027-01-02',
      true,
      'Blocked',
    ]);
    expect(vevent?.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-12-01T10:30:00Z');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
  });
});
