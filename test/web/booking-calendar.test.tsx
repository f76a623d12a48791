import { render, screen } from '@testing-library/react';
import ICAL from 'ical.js';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CreatedBooking } from '@/features/booking/api/schemas';
import BookingResultDialog from '@/features/booking/components/booking-result-dialog';
import { heldBooking, quote } from './support/wizard-harness';

const id = '0b6f4a52-8a8c-4d55-9c1e-3f0d2a7b9e11';
const reference = 'VMCAL0001';
// A villa name with every character an iCalendar text value must escape.
const villa = 'Hornbill Villa; by the river, "the long one" \\ नदी';

/** The file behind the dialog's Add to calendar link, as a calendar app would read it. */
function downloaded(overrides: Partial<CreatedBooking['booking']> = {}) {
  const booking = heldBooking({ id, reference }, { cottage_name: villa, check_in_date: '2026-12-01', check_out_date: '2026-12-03', ...overrides });
  render(
    <MemoryRouter>
      <BookingResultDialog booking={{ bookingReference: reference, manageToken: 'manage.token', quote: quote(), booking }} onClose={() => undefined} />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Add to calendar' });
  expect(link.getAttribute('download')).toBe(`${reference}.ics`);
  const href = link.getAttribute('href') ?? '';
  const prefix = 'data:text/calendar;charset=utf-8,';
  expect(href.startsWith(prefix)).toBe(true);
  const text = decodeURIComponent(href.slice(prefix.length));
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { text, calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined) };
}

describe('Add to calendar on the booking result', () => {
  it('downloads a valid calendar file whose SUMMARY is escaped and reads back as the villa’s name', () => {
    const { text, event } = downloaded();
    const summaryLine = text.split('\r\n').find((line) => line.startsWith('SUMMARY:')) ?? '';
    expect(summaryLine).toContain('Hornbill Villa\\; by the river\\, "the long one" \\\\ नदी');
    expect(event.summary).toBe(`${villa} at Forest Resort (${reference})`);
    // The e-mails' UID: one event per booking, which they update.
    expect(event.uid).toBe(`${id}@forest-resort`);
  });

  it('places the stay at check-in 2:00 PM and check-out 11:00 AM India time, in UTC (no TZID without its VTIMEZONE)', () => {
    const { text, calendar, event } = downloaded();
    expect(text).not.toContain('TZID');
    expect(calendar.getFirstSubcomponent('vtimezone')).toBeNull();
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-03T05:30:00.000Z');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.slice(0, -2).split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('says whether the stay is confirmed yet', () => {
    expect(downloaded().event.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('marks a paid, confirmed stay as confirmed', () => {
    expect(downloaded({ status: 'confirmed', payment_status: 'paid' }).event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });
});
