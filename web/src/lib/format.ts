import { RESORT_TIME_ZONE } from '@shared/stay';
import { formatStayDay } from '@shared/stay-format';

/*
 * Dates of the stay are calendar days (yyyy-mm-dd), shown without a time zone shift: they are read
 * and formatted as UTC days. Intl rather than date-fns' format, which carries a locale into the bundle.
 */
const utcDay = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);

const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const withWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** The picker's format 'MMMM d, yyyy': 'March 5, 2026'. */
export const formatLongDate = (isoDate: string): string => (isoDate ? long.format(utcDay(isoDate)) : '');

/** 'Thursday, March 5, 2026': the confirmation names the weekday. */
export const formatDateWithWeekday = (isoDate: string): string => withWeekday.format(utcDay(isoDate));

/** 'Thu, Mar 5': summaries, chips, quotes and e-mails alike (shared/stay-format.ts). */
export const formatShortDate = formatStayDay;

/** The visitor's local clock time of an instant: the header's last activity. */
export const formatClock = (epochMs: number): string => time.format(new Date(epochMs));

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** A compact price for a calendar cell: ₹18k, ₹7.5k, ₹900. */
export function formatCompactInr(rupees: number): string {
  if (rupees < 1000) return `₹${rupees}`;
  const thousands = Math.round(rupees / 100) / 10;
  return `₹${thousands % 1 === 0 ? thousands.toFixed(0) : thousands.toFixed(1)}k`;
}

let resortDay: Intl.DateTimeFormat | undefined;
let resortTime: Intl.DateTimeFormat | undefined;

/** An instant on the resort's clock (India): 'Sunday, March 8, 2026 at 2:00 PM'. Deadlines such as free cancellation. */
export function formatResortInstant(isoInstant: string): string {
  const instant = new Date(isoInstant);
  resortDay ??= new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: RESORT_TIME_ZONE });
  resortTime ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: RESORT_TIME_ZONE });
  return `${resortDay.format(instant)} at ${resortTime.format(instant)}`;
}
