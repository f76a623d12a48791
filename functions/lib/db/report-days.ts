import type { Counters, DayCounters } from '../reports/daily-counters.ts';
import type { DaysRead } from '../reports/figures.ts';
import { tableName } from './client.ts';
import * as reportKeys from './keys/report.ts';
import { queryAll } from './query.ts';
import { aggregateMarkerWrite } from './stream-effects.ts';
import { transact, TransactionRefused } from './transactions.ts';

/**
 * The daily report items (`REPORT#yyyy`, `DAY#yyyy-mm-dd`): one per resort day with activity, its
 * counters moved by the stream consumer as bookings change (functions/lib/reports/daily-counters.ts).
 * Reports, the dashboard and the catalogue's figures read days, never bookings.
 */

/**
 * Counter names are camelCase in code (`roomNights#deluxe`); stored, their name before any `#`
 * dimension is snake_case (`room_nights#deluxe`), as every stored attribute is.
 */
export const storedCounterName = (name: string): string => name.replace(/^[^#]+/, (base) => base.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
const counterNameOf = (stored: string): string => stored.replace(/^[^#]+/, (base) => base.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));

/** DynamoDB's limit of actions in one transaction, less the marker. */
const DAYS_PER_TRANSACTION = 99;

/**
 * Adds a change's counters to its days exactly once: each transaction also writes a marker named
 * by the stream record's id, under a condition, so a retried record adds nothing twice.
 */
export async function applyDayCounters(eventId: string, delta: DayCounters): Promise<void> {
  const days = [...delta.entries()];
  for (let part = 0; part * DAYS_PER_TRANSACTION < days.length; part += 1) {
    const chunk = days.slice(part * DAYS_PER_TRANSACTION, (part + 1) * DAYS_PER_TRANSACTION);
    const updates = chunk.map(([date, counters]) => {
      const names: Record<string, string> = { '#entity': 'entity', '#date': 'date' };
      const values: Record<string, unknown> = { ':entity': 'report-day', ':date': date };
      const adds = Object.entries(counters).map(([name, amount], index) => {
        names[`#n${index}`] = storedCounterName(name);
        values[`:v${index}`] = amount;
        return `#n${index} :v${index}`;
      });
      return {
        Update: {
          TableName: tableName,
          Key: reportKeys.day(date),
          UpdateExpression: `SET #entity = :entity, #date = :date ADD ${adds.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    });
    try {
      await transact([aggregateMarkerWrite(eventId, part), ...updates]);
    } catch (error) {
      // The marker is there: this part was added by an earlier attempt.
      if (error instanceof TransactionRefused && error.failed.includes(0)) continue;
      throw error;
    }
  }
}

/** Attributes of a day item that are not counters. */
const notCounters = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'date', 'expiresAt']);

/** The day items of one calendar year from `from` to `to` (inclusive). */
function readYear(year: number, from: string, to: string): Promise<Array<Record<string, unknown>>> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': reportKeys.yearPartition(String(year)),
      ':from': reportKeys.day(`${year}` === from.slice(0, 4) ? from : `${year}-01-01`).sk,
      ':to': reportKeys.day(`${year}` === to.slice(0, 4) ? to : `${year}-12-31`).sk,
    },
  });
}

/**
 * The counters of each day from `from` to `to` (inclusive), by date: one range query per calendar
 * year (the items live in REPORT#yyyy partitions, read side by side), so a year's report reads at
 * most 366 items however many bookings there were. Days without activity have no item.
 */
export async function readReportDays(from: string, to: string): Promise<DaysRead> {
  const years = Array.from({ length: Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1 }, (_, index) => Number(from.slice(0, 4)) + index);
  const days = new Map<string, Counters>();
  for (const item of (await Promise.all(years.map((year) => readYear(year, from, to)))).flat()) {
    const counters: Counters = {};
    for (const [name, value] of Object.entries(item)) if (!notCounters.has(name) && typeof value === 'number') counters[counterNameOf(name)] = value;
    days.set(String(item.date ?? String(item.sk).slice(reportKeys.dayPrefix.length)), counters);
  }
  return days;
}
