import { addDays, differenceInCalendarDays, formatISO, isValid, parseISO } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteStay } from '../../shared/quote.ts';
import { addDaysIso, isIsoDate, nightsBetween, RESORT_TIME_ZONE, resortToday, stayNights, stayProblems } from '../../shared/stay.ts';
import { formatSlot, formatStayDay } from '../../shared/stay-format.ts';

/** The calendar arithmetic of shared/stay.ts, checked against date-fns (what it replaced on the server) on random days. */
const day = fc
  .date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const viaDateFns = {
  addDays: (date: string, days: number) => formatISO(addDays(parseISO(date), days), { representation: 'date' }),
  nights: (checkIn: string, checkOut: string) => differenceInCalendarDays(parseISO(checkOut), parseISO(checkIn)),
  isDate: (value: string) => {
    const date = parseISO(value);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(date) && formatISO(date, { representation: 'date' }) === value;
  },
};

describe('stay dates (calendar days on the UTC calendar)', () => {
  it('adds days and counts nights as date-fns does, across months, leap years and DST changes', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -800, max: 800 }), (date, days) => {
        return addDaysIso(date, days) === viaDateFns.addDays(date, days) && nightsBetween(date, addDaysIso(date, days)) === days;
      }),
    );
    fc.assert(fc.property(day, day, (a, b) => nightsBetween(a, b) === viaDateFns.nights(a, b)));
  });

  it('tells real days from impossible ones as the date-fns round trip did', () => {
    const candidates = fc
      .tuple(fc.integer({ min: 1971, max: 2199 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([year, month, date]) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`);
    fc.assert(fc.property(candidates, (value) => isIsoDate(value) === viaDateFns.isDate(value)));
    for (const value of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00', '', 'tomorrow'])
      expect(isIsoDate(value), value).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it("reads today's date on the resort's clock as an Intl formatter in its time zone does, at any instant", () => {
    const inZone = new Intl.DateTimeFormat('en-CA', { timeZone: RESORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    const instant = fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(fc.property(instant, (now) => resortToday(now) === inZone.format(now)));
    // Midnight at the resort is 18:30 UTC the day before.
    expect(resortToday(new Date('2026-11-24T18:29:59.999Z'))).toBe('2026-11-24');
    expect(resortToday(new Date('2026-11-24T18:30:00.000Z'))).toBe('2026-11-25');
    expect(resortToday(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
  });

  it('lists the nights of a stay, and answers NaN nights (never a count) for a date that does not exist', () => {
    expect(stayNights('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(stayNights('2026-12-30', '2026-12-30')).toEqual([]);
    expect(nightsBetween('2026-02-30', '2026-03-02')).toBeNaN();
    expect(() => addDaysIso('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('the stay rules (docs/product.md#stay-rules)', () => {
  const stay = (checkIn: string, checkOut: string, rooms = 1) => stayProblems({ checkIn, checkOut, rooms, adults: 2, children: 0 }, '2026-12-01');

  it("calls a same-day stay too short ('Minimum stay is 1 night'), and only a check-out before the check-in out of order", () => {
    expect(stay('2026-12-10', '2026-12-10')).toEqual({ checkOut: ['Minimum stay is 1 night'] });
    expect(stay('2026-12-10', '2026-12-09')).toEqual({ checkOut: ['Check-out date must be after check-in date'] });
    expect(stay('2026-12-10', '2026-12-11')).toEqual({});
    expect(stay('2026-12-10', '2027-01-10')).toEqual({ checkOut: ['Maximum stay is 30 nights'] });
  });

  it("asks for at least one room ('At least 1 room is required') and at most four", () => {
    expect(stay('2026-12-10', '2026-12-11', 0)).toEqual({ rooms: ['At least 1 room is required'] });
    expect(stay('2026-12-10', '2026-12-11', 5)).toEqual({ rooms: ['At most 4 rooms can be booked at once'] });
  });
});

describe('one way to write days and safari times (docs/product.md#formats)', () => {
  it("writes a stay's day as 'Thu, 10 Dec' and a slot in the 12-hour clock, one meridiem when both ends share it", () => {
    expect(formatStayDay('2026-12-10')).toBe('Thu, 10 Dec');
    const spaced = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');
    expect(spaced(formatSlot('06:00-09:00'))).toBe('6:00 – 9:00 am');
    expect(spaced(formatSlot('11:00-13:00'))).toBe('11:00 am – 1:00 pm');
    expect(spaced(formatSlot('20:00-22:00'))).toBe('8:00 – 10:00 pm');
    expect(spaced(formatSlot('06:00'))).toBe('6:00 am');
    // Anything that is not a slot is left as it is.
    expect(formatSlot('sunrise')).toBe('sunrise');
    expect(formatSlot('09:00-06:00')).toBe('09:00-06:00');
  });

  it('names the safari in a quote by that day and time', () => {
    const line = quoteStay({
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      adults: 2,
      children: 0,
      rooms: 1,
      cottage: { id: 'hornbill-1', name: 'Hornbill Villa', type: 'hornbill-villa', base_price: 18000, max_guests: 6 } as never,
      safaris: [{ id: 'night-trail-safari', name: 'Night Trail Safari', price: 1200, date: '2026-12-10', timeSlot: '20:00-22:00', guests: 2 }],
      rules: [],
    }).lines.find((entry) => entry.label.startsWith('Safari'));
    expect(line?.label).toBe(`Safari: Night Trail Safari, Thu, 10 Dec, ${formatSlot('20:00-22:00')}, 2 × ₹1,200`);
  });
});
