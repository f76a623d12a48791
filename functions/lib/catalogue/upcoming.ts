import { addDaysIso, stayLimits } from '../../../shared/stay.ts';
import { bookingGists } from '../db/bookings.ts';
import { bookedSeats, nightOwners } from '../db/inventory.ts';
import { readReportDays } from '../db/report-days.ts';

/*
 * What the catalogue's future holds, read within fixed bounds: never by reading every booking.
 * A stay can start at most a year ahead and lasts at most 30 nights, so everything upcoming lies
 * in [today, today + 395 days]:
 * - a unit's upcoming bookings are the owners of its NIGHT# items in that window (one Query per
 *   unit, at most 395 items, lapsed holds left out);
 * - a safari's are its SEATS# counters in that window (one Query, at most slots x 366 items);
 * - a package's are the upcoming bookings of all units whose booking names the package: the same
 *   night items, then one BatchGet of those bookings' package and status. Bounded by the resort's
 *   inventory (units x nights ahead), not by its history.
 */

const horizon = (today: string) => addDaysIso(today, stayLimits.maxDaysAhead + stayLimits.maxNights);

/** Each unit's upcoming bookings (the ids owning one of its nights from today on). */
export async function upcomingBookingsOfUnits(unitIds: readonly string[], today: string, now: number): Promise<Map<string, Set<string>>> {
  const owners = await Promise.all(unitIds.map((id) => nightOwners(id, today, horizon(today), now)));
  return new Map(unitIds.map((id, index) => [id, owners[index] ?? new Set<string>()]));
}

/** Upcoming bookings of one unit, with how many of them staff (or payment) confirmed. */
export async function unitBookingCounts(unitIds: readonly string[], today: string, now: number) {
  const byUnit = await upcomingBookingsOfUnits(unitIds, today, now);
  const gists = await bookingGists([...byUnit.values()].flatMap((ids) => [...ids]));
  return new Map(
    [...byUnit].map(([unitId, ids]) => {
      const bookings = [...ids].flatMap((id) => gists.get(id) ?? []);
      return [unitId, { confirmed: bookings.filter((booking) => booking.status !== 'pending').length, total: ids.size }] as const;
    }),
  );
}

/** Seats sold on a safari from today on, and on how many days. */
export async function upcomingSeats(safariId: string, today: string): Promise<{ seats: number; days: number }> {
  const booked = await bookedSeats(safariId, today, addDaysIso(today, stayLimits.maxDaysAhead + stayLimits.maxNights));
  let seats = 0;
  let days = 0;
  for (const slots of booked.values()) {
    const onDay = [...slots.values()].reduce((sum, taken) => sum + taken, 0);
    seats += onDay;
    if (onDay > 0) days += 1;
  }
  return { seats, days };
}

/** Upcoming bookings per package, from every unit's nights (units given: the whole inventory). */
export async function upcomingBookingsPerPackage(unitIds: readonly string[], today: string, now: number): Promise<Map<string, number>> {
  const byUnit = await upcomingBookingsOfUnits(unitIds, today, now);
  const gists = await bookingGists([...byUnit.values()].flatMap((ids) => [...ids]));
  const perPackage = new Map<string, number>();
  for (const gist of gists.values()) perPackage.set(gist.package_id, (perPackage.get(gist.package_id) ?? 0) + 1);
  return perPackage;
}

/** Counters summed over the days from..to (inclusive) of the daily report items: about one item per day. */
export async function dailyCounterTotals(from: string, to: string): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const counters of (await readReportDays(from, to)).values())
    for (const [name, value] of Object.entries(counters)) if (name.includes('#')) totals[name] = (totals[name] ?? 0) + value;
  return totals;
}
