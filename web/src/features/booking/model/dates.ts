import { addDaysIso, nightsBetween, stayLimits } from '@shared/stay';

/** The local Date of a yyyy-mm-dd day (the date picker works in local days). */
export function fromIso(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** yyyy-mm-dd of a local Date. */
export const toIso = (date: Date): string => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** 'yyyy-mm' of each month from the first date's to the second's. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year = 1970, month = 1] = from.split('-').map(Number);
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 24; guard += 1) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The last check-in the picker offers: one year ahead (docs/product.md#price-calendar). */
export const lastBookableDay = (today: string): string => addDaysIso(today, stayLimits.maxDaysAhead);

/**
 * The latest check-out for a check-in: 30 nights on, and no later than the first sold-out night
 * after check-in (that night's morning is still a fine check-out).
 */
export function latestCheckOut(checkIn: string, isSoldOut: (isoDate: string) => boolean): string {
  const limit = addDaysIso(checkIn, stayLimits.maxNights);
  for (let night = addDaysIso(checkIn, 1); night < limit; night = addDaysIso(night, 1)) if (isSoldOut(night)) return night;
  return limit;
}

/** True when every night of the stay is free according to the calendar (unknown nights count as free). */
export const stayIsFree = (checkIn: string, checkOut: string, isSoldOut: (isoDate: string) => boolean): boolean =>
  nightsBetween(checkIn, checkOut) > 0 && latestCheckOut(checkIn, isSoldOut) >= checkOut && !isSoldOut(checkIn);
