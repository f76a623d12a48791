import { resolveReportRange, type Report, type ReportKind, type ReportQuery } from '../../../shared/admin-reports.ts';
import { resortToday } from '../../../shared/stay.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { generateReport } from './generate-report.ts';

/** A report route's query -> the report: the range checked (400 with details), the figures from the day items. */
export async function reportFor(report: ReportKind, query: ReportQuery, now = new Date()): Promise<Report> {
  const resolved = resolveReportRange(query, resortToday(now));
  if (!resolved.ok) throw new InvalidInputError(Object.values(resolved.problems)[0]?.[0] ?? 'Invalid report range', { details: resolved.problems });
  return generateReport({ report, period: resolved.period, range: resolved.range, previous: resolved.previous, now });
}
