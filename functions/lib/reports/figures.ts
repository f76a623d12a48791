import type { DateRange, ReportFigures, ReportKind, ReportPeriod, Report, SeriesPoint } from '../../../shared/admin-reports.ts';
import { addDaysIso, nightsBetween } from '../../../shared/stay.ts';
import type { Counters } from './daily-counters.ts';

/*
 * The report figures, computed from the daily aggregates alone (daily-counters.ts says what each
 * counter means). Pure: the route reads the day items and the catalogue, and this does the sums.
 */

/** Day items by date (yyyy-mm-dd) -> their counters. A day without an item had no activity. */
export type DaysRead = ReadonlyMap<string, Counters>;

export type Inventory = {
  /** Villa units that take bookings today (maintenance and inactive ones sell nothing), by villa type. */
  units: ReadonlyArray<{ id: string; type: string; name: string }>;
  /** Villa type slug -> its display name. */
  stayKindNames?: Readonly<Record<string, string>>;
  /** Active safaris: each slot of each day offers `seats_per_slot` seats. */
  safaris: ReadonlyArray<{ id: string; name: string; seats_per_slot: number; time_slots: readonly string[] }>;
  /** Package id -> its name (a package since removed shows its id). */
  packageNames: Readonly<Record<string, string>>;
};

/** One decimal, 0 when there is nothing to divide by. */
export const pct = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** Whole rupees, 0 when there is nothing to divide by. */
export const perUnit = (amount: number, count: number): number => (count > 0 ? Math.round(amount / count) : 0);

/** Every date of a range, in order. */
export const datesOf = (range: Pick<DateRange, 'start' | 'end'>): string[] =>
  Array.from({ length: nightsBetween(range.start, range.end) + 1 }, (_, index) => addDaysIso(range.start, index));

/** Sums of the counters over the days of a range. */
export function totals(days: DaysRead, range: Pick<DateRange, 'start' | 'end'>): Counters {
  const sums: Counters = {};
  for (const date of datesOf(range)) {
    const counters = days.get(date);
    if (!counters) continue;
    for (const [name, amount] of Object.entries(counters)) sums[name] = (sums[name] ?? 0) + amount;
  }
  return sums;
}

const typeLabel = (type: string) => type.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The figures of one period. */
export function periodFigures(days: DaysRead, range: DateRange, inventory: Inventory): ReportFigures {
  const sums = totals(days, range);
  const count = (name: string) => sums[name] ?? 0;
  const roomNightsSold = count('roomNights');
  const roomNightsAvailable = inventory.units.length * range.days;
  const roomRevenue = count('roomRevenue');

  const unitsByType = new Map<string, number>();
  for (const unit of inventory.units) unitsByType.set(unit.type, (unitsByType.get(unit.type) ?? 0) + 1);
  // Types sold in the period but retired since still show what they sold.
  for (const name of Object.keys(sums)) if (name.startsWith('roomNights#')) unitsByType.set(name.slice(11), unitsByType.get(name.slice(11)) ?? 0);
  const stayKinds = [...unitsByType.entries()]
    .map(([type, units]) => {
      const sold = count(`roomNights#${type}`);
      const available = units * range.days;
      return {
        type,
        name: inventory.stayKindNames?.[type] ?? typeLabel(type),
        units,
        roomNightsSold: sold,
        roomNightsAvailable: available,
        occupancyPct: pct(sold, available),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  const safaris = inventory.safaris
    .map((safari) => {
      const sold = count(`safariSeats#${safari.id}`);
      const offered = safari.seats_per_slot * safari.time_slots.length * range.days;
      return { id: safari.id, name: safari.name, seatsSold: sold, seatsOffered: offered, usePct: pct(sold, offered) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const safariSeatsSold = Object.entries(sums)
    .filter(([name]) => name.startsWith('safariSeats#'))
    .reduce((sum, [, amount]) => sum + amount, 0);
  const safariSeatsOffered = safaris.reduce((sum, safari) => sum + safari.seatsOffered, 0);

  // Take-up: each package's share of the bookings made (and still held) in the period.
  const packageCounts = Object.entries(sums)
    .filter(([name, amount]) => name.startsWith('package#') && amount > 0)
    .map(([name, amount]) => ({ id: name.slice(8), bookings: amount }));
  const packaged = packageCounts.reduce((sum, entry) => sum + entry.bookings, 0);
  const packages = packageCounts
    .map((entry) => ({ ...entry, name: inventory.packageNames[entry.id] ?? entry.id, sharePct: pct(entry.bookings, packaged) }))
    .sort((a, b) => b.bookings - a.bookings || a.name.localeCompare(b.name));

  return {
    range,
    roomNightsSold,
    roomNightsAvailable,
    occupancyPct: pct(roomNightsSold, roomNightsAvailable),
    roomRevenue,
    adr: perUnit(roomRevenue, roomNightsSold),
    revpar: perUnit(roomRevenue, roomNightsAvailable),
    bookings: count('bookings'),
    bookingValue: count('bookingValue'),
    cancellations: count('cancellations'),
    refunds: count('refunds'),
    expiredHolds: count('expiredHolds'),
    safariSeatsSold,
    safariSeatsOffered,
    safariSeatUsePct: pct(safariSeatsSold, safariSeatsOffered),
    stayKinds,
    safaris,
    packages,
  };
}

/** Days up to a month, weeks up to half a year, months beyond: at most about 36 points on a chart. */
export const granularityOf = (days: number): Report['series']['granularity'] => (days <= 31 ? 'day' : days <= 183 ? 'week' : 'month');

/** The range cut into chart buckets: single days, 7-day weeks from the start, or calendar months (the edges partial). */
export function buckets(range: DateRange, granularity: Report['series']['granularity']): Array<{ label: string; start: string; end: string; days: number }> {
  const out: Array<{ label: string; start: string; end: string; days: number }> = [];
  let start = range.start;
  while (start <= range.end) {
    let end: string;
    if (granularity === 'day') end = start;
    else if (granularity === 'week') end = addDaysIso(start, 6);
    else {
      const [year, month] = start.split('-').map(Number) as [number, number];
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      end = addDaysIso(next, -1);
    }
    if (end > range.end) end = range.end;
    out.push({ label: granularity === 'month' ? start.slice(0, 7) : start, start, end, days: nightsBetween(start, end) + 1 });
    start = addDaysIso(end, 1);
  }
  return out;
}

export function series(days: DaysRead, range: DateRange, units: number): Report['series'] {
  const granularity = granularityOf(range.days);
  const points: SeriesPoint[] = buckets(range, granularity).map((bucket) => {
    const sums = totals(days, bucket);
    const sold = sums.roomNights ?? 0;
    return {
      label: bucket.label,
      start: bucket.start,
      end: bucket.end,
      roomRevenue: sums.roomRevenue ?? 0,
      bookingValue: sums.bookingValue ?? 0,
      roomNightsSold: sold,
      occupancyPct: pct(sold, units * bucket.days),
      bookings: sums.bookings ?? 0,
      cancellations: sums.cancellations ?? 0,
    };
  });
  return { granularity, points };
}

/** The whole report: the period, the same figures for the period before it, and the chart series. */
export function buildReport(input: {
  report: ReportKind;
  period: ReportPeriod;
  range: DateRange;
  previous: DateRange;
  days: DaysRead;
  inventory: Inventory;
  generatedAt: string;
}): Report {
  return {
    report: input.report,
    period: input.period,
    generated_at: input.generatedAt,
    current: periodFigures(input.days, input.range, input.inventory),
    previous: periodFigures(input.days, input.previous, input.inventory),
    series: series(input.days, input.range, input.inventory.units.length),
    daysRead: input.days.size,
  };
}
