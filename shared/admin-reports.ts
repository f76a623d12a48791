import * as z from 'zod/mini';
import { formatCount, formatInr } from './money.ts';
import { addDaysIso, isIsoDate, nightsBetween } from './stay.ts';
import './validation.ts';

/*
 * Reports of the admin portal (Reports tab): the periods, the query both report routes take, the
 * figures they answer, and the one table of figures the screen, the CSV and the PDF all show.
 * Every call that builds a schema here is marked `@__PURE__` (each one: the outer call and those in
 * its arguments), so a route's bundle carries only the schemas it uses of this module.
 */

export const reportPeriods = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportKinds = ['revenue', 'occupancy'] as const;
export type ReportKind = (typeof reportKinds)[number];
export const exportKinds = ['csv', 'pdf'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** 'Last Week' is the 7 days ending today (the resort's today), 'Last Month' 30, 'Last Quarter' 90, 'Last Year' 365. */
export const periodDays: Record<Exclude<ReportPeriod, 'custom'>, number> = { week: 7, month: 30, quarter: 90, year: 365 };
export const periodLabels: Record<ReportPeriod, string> = {
  week: 'Last Week',
  month: 'Last Month',
  quarter: 'Last Quarter',
  year: 'Last Year',
  custom: 'Custom Range',
};
/** The longest range one report covers (three years, 1,096 days; its comparison period is as long again). */
export const MAX_REPORT_DAYS = 1096;

const dateFormatMessage = 'Dates look like 2026-12-24';
export const reportMessages = {
  startRequired: 'Start date is required for a custom range',
  endRequired: 'End date is required for a custom range',
  dateFormat: dateFormatMessage,
  order: 'The end date must not be before the start date',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days (three years)`,
} as const;

const optionalDate = /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ z.refine(isIsoDate, dateFormatMessage)));
/** The original wire names ('monthly' is the portal's default) are accepted too. */
const periodAliases: Record<string, ReportPeriod> = { weekly: 'week', monthly: 'month', quarterly: 'quarter', yearly: 'year', annual: 'year' };
const periodField = /* @__PURE__ */ z.optional(
  /* @__PURE__ */ z.pipe(
    /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.overwrite((value: string) => periodAliases[value] ?? value)),
    /* @__PURE__ */ z.enum(reportPeriods, 'period is week, month, quarter, year or custom'),
  ),
);

/** `?period=&start_date=&end_date=` of both report routes; dates alone mean a custom range, nothing at all Last Month. */
export const reportQuerySchema = /* @__PURE__ */ z.object({
  period: periodField,
  start_date: optionalDate,
  end_date: optionalDate,
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export type DateRange = { start: string; end: string; days: number };

/**
 * The days a report covers and the comparison period (the same number of days just before), or
 * field problems. Named periods end on `today` (the resort's); a custom range is as given.
 */
export function resolveReportRange(
  query: ReportQuery,
  today: string,
): { ok: true; period: ReportPeriod; range: DateRange; previous: DateRange } | { ok: false; problems: Record<string, string[]> } {
  const period: ReportPeriod = query.period ?? (query.start_date || query.end_date ? 'custom' : 'month');
  let start: string;
  let end: string;
  if (period === 'custom') {
    const problems: Record<string, string[]> = {};
    if (!query.start_date) problems.start_date = [reportMessages.startRequired];
    if (!query.end_date) problems.end_date = [reportMessages.endRequired];
    if (!query.start_date || !query.end_date) return { ok: false, problems };
    start = query.start_date;
    end = query.end_date;
  } else {
    end = today;
    start = addDaysIso(today, -(periodDays[period] - 1));
  }
  const days = nightsBetween(start, end) + 1;
  if (days < 1) return { ok: false, problems: { end_date: [reportMessages.order] } };
  if (days > MAX_REPORT_DAYS) return { ok: false, problems: { end_date: [reportMessages.tooLong] } };
  const previousEnd = addDaysIso(start, -1);
  return { ok: true, period, range: { start, end, days }, previous: { start: addDaysIso(previousEnd, -(days - 1)), end: previousEnd, days } };
}

/** The figures of one period, all from the daily aggregates. Percentages are 0-100 with one decimal; money whole rupees. */
export type ReportFigures = {
  range: DateRange;
  roomNightsSold: number;
  roomNightsAvailable: number;
  occupancyPct: number;
  roomRevenue: number;
  /** Average daily rate: room revenue per room night sold. */
  adr: number;
  /** Revenue per available room night. */
  revpar: number;
  bookings: number;
  bookingValue: number;
  cancellations: number;
  refunds: number;
  expiredHolds: number;
  safariSeatsSold: number;
  safariSeatsOffered: number;
  safariSeatUsePct: number;
  stayKinds: Array<{ type: string; name: string; units: number; roomNightsSold: number; roomNightsAvailable: number; occupancyPct: number }>;
  safaris: Array<{ id: string; name: string; seatsSold: number; seatsOffered: number; usePct: number }>;
  packages: Array<{ id: string; name: string; bookings: number; sharePct: number }>;
};

export type SeriesPoint = {
  label: string;
  start: string;
  end: string;
  roomRevenue: number;
  bookingValue: number;
  roomNightsSold: number;
  occupancyPct: number;
  bookings: number;
  cancellations: number;
};

export type Report = {
  report: ReportKind;
  period: ReportPeriod;
  generated_at: string;
  current: ReportFigures;
  previous: ReportFigures;
  series: { granularity: 'day' | 'week' | 'month'; points: SeriesPoint[] };
  /** Day items read to make it (one per day of both periods that had any activity): never a booking. */
  daysRead: number;
};

/** The answer's shape, checked by the web client (loosely: the server is the one computing it). */
const reportRangeSchema = /* @__PURE__ */ z.looseObject({
  range: /* @__PURE__ */ z.looseObject({ start: /* @__PURE__ */ z.string(), end: /* @__PURE__ */ z.string(), days: /* @__PURE__ */ z.number() }),
});
export const reportSchema = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.looseObject({
    report: /* @__PURE__ */ z.enum(reportKinds),
    period: /* @__PURE__ */ z.enum(reportPeriods),
    generated_at: /* @__PURE__ */ z.string(),
    current: reportRangeSchema,
    previous: reportRangeSchema,
    series: /* @__PURE__ */ z.looseObject({
      granularity: /* @__PURE__ */ z.enum(['day', 'week', 'month']),
      points: /* @__PURE__ */ z.array(/* @__PURE__ */ z.looseObject({ label: /* @__PURE__ */ z.string() })),
    }),
  }),
  /* @__PURE__ */ z.transform((value) => value as unknown as Report),
);

/** POST /api/admin/reports/exports: records an export of these parameters (the server computes the figures it stores). */
export const createReportExportSchema = /* @__PURE__ */ z.object({
  kind: /* @__PURE__ */ z.enum(exportKinds, 'kind is csv or pdf'),
  report: /* @__PURE__ */ z.enum(reportKinds, 'report is revenue or occupancy'),
  period: periodField,
  start_date: optionalDate,
  end_date: optionalDate,
});
export type CreateReportExport = z.infer<typeof createReportExportSchema>;

export type ReportExport = {
  id: string;
  created_at: string;
  kind: ExportKind;
  report: ReportKind;
  period: ReportPeriod;
  start_date: string;
  end_date: string;
  file_name: string;
  by: { id: string; name: string; email: string };
  /** The report exactly as exported: Download rebuilds the same file from it. */
  snapshot: Report;
};

export const reportExportSchema = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.looseObject({
    id: /* @__PURE__ */ z.string(),
    created_at: /* @__PURE__ */ z.string(),
    kind: /* @__PURE__ */ z.enum(exportKinds),
    report: /* @__PURE__ */ z.enum(reportKinds),
    file_name: /* @__PURE__ */ z.string(),
    snapshot: reportSchema,
  }),
  /* @__PURE__ */ z.transform((value) => value as unknown as ReportExport),
);
export const reportExportPageSchema = /* @__PURE__ */ z.object({
  items: /* @__PURE__ */ z.array(reportExportSchema),
  cursor: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});

/** e.g. revenue-report_2026-06-01_2026-06-30.csv */
export const exportFileName = (report: ReportKind, range: DateRange, kind: ExportKind): string => `${report}-report_${range.start}_${range.end}.${kind}`;

/* ---------- the one table of figures: screen, CSV and PDF ---------- */

const percent = (value: number): string => `${value.toFixed(1)}%`;

/** Change from the previous period: relative for amounts and counts, in percentage points for percentages. */
export function changeText(current: number, previous: number, unit: 'money' | 'count' | 'percent'): string {
  if (unit === 'percent') {
    const points = Math.round((current - previous) * 10) / 10;
    return `${points > 0 ? '+' : points < 0 ? '-' : '±'}${Math.abs(points).toFixed(1)} pts`;
  }
  if (current === previous) return 'no change';
  if (previous === 0) return 'new';
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  return `${change > 0 ? '+' : change < 0 ? '-' : '±'}${Math.abs(change).toFixed(1)}%`;
}

type Metric = { key: keyof ReportFigures; label: string; unit: 'money' | 'count' | 'percent'; suffix?: string };

const revenueMetrics: Metric[] = [
  { key: 'roomRevenue', label: 'Room revenue', unit: 'money' },
  { key: 'bookingValue', label: 'Booking value (bookings made)', unit: 'money' },
  { key: 'adr', label: 'ADR (room revenue per room night sold)', unit: 'money' },
  { key: 'revpar', label: 'RevPAR (room revenue per room night available)', unit: 'money' },
  { key: 'bookings', label: 'Bookings made', unit: 'count' },
  { key: 'cancellations', label: 'Cancellations', unit: 'count' },
  { key: 'refunds', label: 'Refunds', unit: 'money' },
  { key: 'occupancyPct', label: 'Occupancy', unit: 'percent' },
];
const occupancyMetrics: Metric[] = [
  { key: 'occupancyPct', label: 'Occupancy', unit: 'percent' },
  { key: 'roomNightsSold', label: 'Room nights sold', unit: 'count', suffix: 'night' },
  { key: 'roomNightsAvailable', label: 'Room nights available', unit: 'count', suffix: 'night' },
  { key: 'adr', label: 'ADR (room revenue per room night sold)', unit: 'money' },
  { key: 'revpar', label: 'RevPAR (room revenue per room night available)', unit: 'money' },
  { key: 'safariSeatUsePct', label: 'Safari seat use', unit: 'percent' },
  { key: 'safariSeatsSold', label: 'Safari seats sold', unit: 'count', suffix: 'seat' },
  { key: 'cancellations', label: 'Cancellations', unit: 'count' },
];

export const metricsOf = (report: ReportKind): readonly Metric[] => (report === 'revenue' ? revenueMetrics : occupancyMetrics);

/** '1 night', '2 nights'. */
const counted = (value: number, unit: string): string => `${formatCount(value)} ${unit}${value === 1 ? '' : 's'}`;

const show = (value: number, metric: Pick<Metric, 'unit' | 'suffix'>): string =>
  metric.unit === 'money' ? formatInr(value) : metric.unit === 'percent' ? percent(value) : metric.suffix ? counted(value, metric.suffix) : formatCount(value);

export const rangeText = (range: DateRange): string => `${range.start} to ${range.end} (${range.days} day${range.days === 1 ? '' : 's'})`;

export type ReportTable = { title: string; subtitle: string; sections: Array<{ heading: string; columns: string[]; rows: string[][] }> };

/** The report as text, section by section: what the screen shows, and exactly what CSV and PDF contain. */
export function reportTable(report: Report): ReportTable {
  const { current, previous } = report;
  const title = report.report === 'revenue' ? 'Revenue Report' : 'Occupancy Report';
  const periodColumn = `${periodLabels[report.period]}: ${current.range.start} to ${current.range.end}`;
  const previousColumn = `Previous period: ${previous.range.start} to ${previous.range.end}`;
  const figures = metricsOf(report.report).map((metric) => {
    const now = current[metric.key] as number;
    const before = previous[metric.key] as number;
    return [metric.label, show(now, metric), show(before, metric), changeText(now, before, metric.unit)];
  });
  const villaRows = current.stayKinds.map((villa) => [
    villa.name,
    counted(villa.units, 'unit'),
    `${formatCount(villa.roomNightsSold)} of ${counted(villa.roomNightsAvailable, 'night')}`,
    percent(villa.occupancyPct),
  ]);
  const safariRows = current.safaris.map((safari) => [
    safari.name,
    `${formatCount(safari.seatsSold)} of ${counted(safari.seatsOffered, 'seat')}`,
    percent(safari.usePct),
  ]);
  const packageRows = current.packages.map((stayPackage) => [stayPackage.name, formatCount(stayPackage.bookings), percent(stayPackage.sharePct)]);
  const seriesRows = report.series.points.map((point) => [
    point.label,
    formatInr(point.roomRevenue),
    formatInr(point.bookingValue),
    counted(point.roomNightsSold, 'night'),
    percent(point.occupancyPct),
    formatCount(point.bookings),
    formatCount(point.cancellations),
  ]);
  return {
    title,
    subtitle: `${periodLabels[report.period]}: ${rangeText(current.range)}, compared with ${rangeText(previous.range)}. Generated ${report.generated_at}.`,
    sections: [
      { heading: 'Figures', columns: ['Figure', periodColumn, previousColumn, 'Change'], rows: figures },
      { heading: 'Occupancy by villa type', columns: ['Villa type', 'Units', 'Room nights sold', 'Occupancy'], rows: villaRows },
      { heading: 'Safari seat use', columns: ['Safari', 'Seats sold', 'Seat use'], rows: safariRows },
      { heading: 'Package take-up (share of bookings made)', columns: ['Package', 'Bookings', 'Share'], rows: packageRows },
      {
        heading: `By ${report.series.granularity}`,
        columns: [
          report.series.granularity === 'day' ? 'Day' : report.series.granularity === 'week' ? 'Week from' : 'Month',
          'Room revenue',
          'Booking value',
          'Room nights sold',
          'Occupancy',
          'Bookings',
          'Cancellations',
        ],
        rows: seriesRows,
      },
    ],
  };
}

/** Rows of the CSV: title lines, then each section with its heading and column names. */
export function reportCsvRows(table: ReportTable): string[][] {
  const rows: string[][] = [[table.title], [table.subtitle]];
  for (const section of table.sections) rows.push([], [section.heading], section.columns, ...section.rows);
  return rows;
}
