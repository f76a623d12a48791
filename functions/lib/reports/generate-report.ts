import type { DateRange, Report, ReportKind, ReportPeriod } from '../../../shared/admin-reports.ts';
import { cottages, safaris, stayPackages, stayTypes } from '../db/catalogue.ts';
import { isBookableCottage } from '../listing-rules.ts';
import { buildReport } from './figures.ts';
import { readReportDays } from '../db/report-days.ts';

/**
 * A report of `range` and the period before it: the day items of both (about 2 x days items, at
 * most), and the catalogue for what was on offer (villa units taking bookings and active safaris,
 * as they stand now).
 */
export async function generateReport(input: { report: ReportKind; period: ReportPeriod; range: DateRange; previous: DateRange; now?: Date }): Promise<Report> {
  const [days, units, types, safariList, packageList] = await Promise.all([
    readReportDays(input.previous.start, input.range.end),
    cottages.list(),
    stayTypes.list(),
    safaris.list(),
    stayPackages.list(),
  ]);
  return buildReport({
    report: input.report,
    period: input.period,
    range: input.range,
    previous: input.previous,
    days,
    inventory: {
      units: units.filter(isBookableCottage).map((unit) => ({ id: unit.id, type: unit.type, name: unit.name })),
      stayKindNames: Object.fromEntries(types.map((type) => [type.id, type.name])),
      safaris: safariList
        .filter((safari) => safari.is_active)
        .map((safari) => ({ id: safari.id, name: safari.name, seats_per_slot: safari.seats_per_slot, time_slots: safari.time_slots })),
      packageNames: Object.fromEntries(packageList.map((stayPackage) => [stayPackage.id, stayPackage.name])),
    },
    generatedAt: (input.now ?? new Date()).toISOString(),
  });
}
