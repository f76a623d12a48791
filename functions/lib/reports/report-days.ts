import * as reportKeys from '../db/keys/report.ts';
import { queryPage } from '../db/query.ts';
import type { Counters } from './daily-counters.ts';
import type { DaysRead } from './figures.ts';

/** Attributes of a day item that are not counters. */
const notCounters = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'date', 'expiresAt']);

/**
 * The day items from `from` to `to` (inclusive): one range query per calendar year (the items live in
 * REPORT#yyyy partitions), so a year's report reads at most 366 items however many bookings there
 * were. Days without activity have no item. Never reads a booking.
 */
export async function readReportDays(from: string, to: string): Promise<DaysRead> {
  const days = new Map<string, Counters>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    const partition = reportKeys.yearPartition(String(year));
    const start = reportKeys.day(`${year}` === from.slice(0, 4) ? from : `${year}-01-01`).sk;
    const end = reportKeys.day(`${year}` === to.slice(0, 4) ? to : `${year}-12-31`).sk;
    let cursor: string | undefined;
    do {
      const page = await queryPage({ index: 'table', partition, sortKey: { between: [start, end] }, forward: true, limit: 400, cursor });
      for (const item of page.items) {
        const counters: Counters = {};
        for (const [name, value] of Object.entries(item)) if (!notCounters.has(name) && typeof value === 'number') counters[name] = value;
        days.set(String(item.date ?? String(item.sk).slice(reportKeys.dayPrefix.length)), counters);
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return days;
}
