import { describe, expect, it } from 'vitest';
import { changeText, reportCsvRows, reportTable, resolveReportRange } from '../../shared/admin-reports.ts';
import { buckets, buildReport, granularityOf, periodFigures, pct, type DaysRead, type Inventory } from '../../functions/lib/reports/figures.ts';

const inventory: Inventory = {
  units: [
    { id: 'glass-1', type: 'glass-cottage', name: 'Glass Cottage' },
    { id: 'hornbill-1', type: 'hornbill-villa', name: 'Hornbill Villa' },
    { id: 'hornbill-2', type: 'hornbill-villa', name: 'Hornbill Villa 2' },
    { id: 'kingfisher-1', type: 'kingfisher-villa', name: 'Kingfisher Villa' },
  ],
  safaris: [{ id: 'jeep', name: 'Jeep Safari', seats_per_slot: 10, time_slots: ['06:00-09:00', '16:00-19:00'] }],
  packageNames: { 'forest-retreat': 'Forest Retreat', honeymoon: 'Honeymoon Escape' },
};

const days: DaysRead = new Map<string, Record<string, number>>([
  [
    '2026-06-01',
    {
      roomNights: 2,
      'roomNights#glass-cottage': 1,
      'roomNights#hornbill-villa': 1,
      roomRevenue: 30000,
      bookings: 2,
      bookingValue: 80000,
      'package#forest-retreat': 1,
      'package#honeymoon': 1,
    },
  ],
  [
    '2026-06-02',
    { roomNights: 3, 'roomNights#hornbill-villa': 2, 'roomNights#kingfisher-villa': 1, roomRevenue: 42000, 'safariSeats#jeep': 4, 'package#forest-retreat': 1 },
  ],
  ['2026-06-03', { cancellations: 1, refunds: 12000, bookings: 1 }],
  // Previous period.
  ['2026-05-30', { roomNights: 1, 'roomNights#glass-cottage': 1, roomRevenue: 15000 }],
  // Outside both.
  ['2026-07-01', { roomNights: 4, roomRevenue: 99999 }],
]);

describe('report figures from day counters', () => {
  const range = { start: '2026-06-01', end: '2026-06-05', days: 5 };
  const figures = periodFigures(days, range, inventory);

  it('occupancy = room nights sold / (units x days); ADR = revenue / nights sold; RevPAR = revenue / nights available', () => {
    expect(figures).toMatchObject({
      roomNightsSold: 5,
      roomNightsAvailable: 20,
      occupancyPct: 25,
      roomRevenue: 72000,
      adr: 14400,
      revpar: 3600,
      bookings: 3,
      bookingValue: 80000,
      cancellations: 1,
      refunds: 12000,
    });
  });

  it('per villa type, safari seat use (seats x slots x days) and package take-up (share of held bookings)', () => {
    expect(figures.stayKinds).toEqual([
      { type: 'glass-cottage', name: 'Glass Cottage', units: 1, roomNightsSold: 1, roomNightsAvailable: 5, occupancyPct: 20 },
      { type: 'hornbill-villa', name: 'Hornbill Villa', units: 2, roomNightsSold: 3, roomNightsAvailable: 10, occupancyPct: 30 },
      { type: 'kingfisher-villa', name: 'Kingfisher Villa', units: 1, roomNightsSold: 1, roomNightsAvailable: 5, occupancyPct: 20 },
    ]);
    expect(figures.safaris).toEqual([{ id: 'jeep', name: 'Jeep Safari', seatsSold: 4, seatsOffered: 100, usePct: 4 }]);
    expect(figures).toMatchObject({ safariSeatsSold: 4, safariSeatsOffered: 100, safariSeatUsePct: 4 });
    expect(figures.packages).toEqual([
      { id: 'forest-retreat', name: 'Forest Retreat', bookings: 2, sharePct: 66.7 },
      { id: 'honeymoon', name: 'Honeymoon Escape', bookings: 1, sharePct: 33.3 },
    ]);
  });

  it('nothing to divide by gives 0, never NaN or Infinity', () => {
    const empty = periodFigures(new Map(), range, { units: [], safaris: [], packageNames: {} });
    expect(empty).toMatchObject({ occupancyPct: 0, adr: 0, revpar: 0, safariSeatUsePct: 0, packages: [] });
    expect(pct(1, 0)).toBe(0);
  });

  it('builds the report with the previous period of equal length and a daily series', () => {
    const report = buildReport({
      report: 'occupancy',
      period: 'custom',
      range,
      previous: { start: '2026-05-27', end: '2026-05-31', days: 5 },
      days,
      inventory,
      generatedAt: '2026-06-06T00:00:00.000Z',
    });
    expect(report.previous).toMatchObject({ roomNightsSold: 1, roomRevenue: 15000, occupancyPct: 5 });
    expect(report.series.granularity).toBe('day');
    expect(report.series.points.map((point) => [point.label, point.roomNightsSold, point.occupancyPct])).toEqual([
      ['2026-06-01', 2, 50],
      ['2026-06-02', 3, 75],
      ['2026-06-03', 0, 0],
      ['2026-06-04', 0, 0],
      ['2026-06-05', 0, 0],
    ]);
    expect(report.daysRead).toBe(5);
  });
});

describe('chart buckets', () => {
  it('days up to a month, weeks up to half a year, calendar months beyond', () => {
    expect([granularityOf(31), granularityOf(32), granularityOf(183), granularityOf(184)]).toEqual(['day', 'week', 'week', 'month']);
    expect(buckets({ start: '2026-01-01', end: '2026-01-17', days: 17 }, 'week').map((bucket) => [bucket.start, bucket.end, bucket.days])).toEqual([
      ['2026-01-01', '2026-01-07', 7],
      ['2026-01-08', '2026-01-14', 7],
      ['2026-01-15', '2026-01-17', 3],
    ]);
    expect(buckets({ start: '2025-11-20', end: '2026-02-10', days: 83 }, 'month').map((bucket) => [bucket.label, bucket.start, bucket.end])).toEqual([
      ['2025-11', '2025-11-20', '2025-11-30'],
      ['2025-12', '2025-12-01', '2025-12-31'],
      ['2026-01', '2026-01-01', '2026-01-31'],
      ['2026-02', '2026-02-01', '2026-02-10'],
    ]);
  });
});

describe('report ranges', () => {
  const today = '2026-11-22';
  it('named periods end today and compare with the same number of days before', () => {
    expect(resolveReportRange({ period: 'week' }, today)).toEqual({
      ok: true,
      period: 'week',
      range: { start: '2026-11-16', end: today, days: 7 },
      previous: { start: '2026-11-09', end: '2026-11-15', days: 7 },
    });
    expect(resolveReportRange({}, today)).toMatchObject({ period: 'month', range: { start: '2026-10-24', days: 30 } });
    expect(resolveReportRange({ period: 'year' }, today)).toMatchObject({
      range: { start: '2025-11-23', days: 365 },
      previous: { end: '2025-11-22', days: 365 },
    });
  });

  it('dates alone are a custom range; bad ones are problems per field', () => {
    expect(resolveReportRange({ start_date: '2026-11-01', end_date: '2026-11-22' }, today)).toMatchObject({ period: 'custom', range: { days: 22 } });
    expect(resolveReportRange({ period: 'custom', start_date: '2026-11-01' }, today)).toEqual({
      ok: false,
      problems: { end_date: ['End date is required for a custom range'] },
    });
    expect(resolveReportRange({ start_date: '2026-11-05', end_date: '2026-11-01' }, today)).toEqual({
      ok: false,
      problems: { end_date: ['The end date must not be before the start date'] },
    });
    expect(resolveReportRange({ start_date: '2023-01-01', end_date: '2026-01-02' }, today)).toMatchObject({ ok: false });
    expect(resolveReportRange({ start_date: '2023-01-01', end_date: '2025-12-31' }, today)).toMatchObject({ ok: true, range: { days: 1096 } });
  });
});

describe('the table of figures (screen, CSV and PDF)', () => {
  it('labels periods and units, and states the change vs the previous period', () => {
    expect(changeText(120, 100, 'money')).toBe('+20.0%');
    expect(changeText(80, 100, 'count')).toBe('-20.0%');
    expect(changeText(5, 0, 'count')).toBe('new');
    expect(changeText(0, 0, 'count')).toBe('no change');
    expect(changeText(42.5, 40, 'percent')).toBe('+2.5 pts');

    const report = buildReport({
      report: 'revenue',
      period: 'custom',
      range: { start: '2026-06-01', end: '2026-06-05', days: 5 },
      previous: { start: '2026-05-27', end: '2026-05-31', days: 5 },
      days,
      inventory,
      generatedAt: '2026-06-06T00:00:00.000Z',
    });
    const table = reportTable(report);
    const [figures] = table.sections;
    expect(figures?.columns).toEqual(['Figure', 'Custom Range: 2026-06-01 to 2026-06-05', 'Previous period: 2026-05-27 to 2026-05-31', 'Change']);
    expect(figures?.rows[0]).toEqual(['Room revenue', '₹72,000', '₹15,000', '+380.0%']);
    expect(figures?.rows.find((row) => row[0] === 'Occupancy')).toEqual(['Occupancy', '25.0%', '5.0%', '+20.0 pts']);
    const csv = reportCsvRows(table);
    expect(csv[0]).toEqual(['Revenue Report']);
    expect(csv).toContainEqual(['Room revenue', '₹72,000', '₹15,000', '+380.0%']);
  });
});
