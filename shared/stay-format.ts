/*
 * One way to write a stay's days and a safari's times, on the site, in quotes and in e-mails
 * (docs/product.md#formats): 'Thu, Dec 10' and '6:00 – 9:00 AM'. Intl does the writing; each
 * formatter is made on first use, so no function pays for it at import.
 */

let day: Intl.DateTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;

/** A day of the stay (yyyy-mm-dd, a calendar day): 'Thu, Dec 10'. */
export function formatStayDay(isoDate: string): string {
  day ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return day.format(new Date(`${isoDate}T00:00:00Z`));
}

const atClock = (time: string) => new Date(`1970-01-01T${time}:00Z`);

/** A safari's time slot ('06:00-09:00', resort time): '6:00 – 9:00 AM'; a single time '6:00 AM'; anything else as it is. */
export function formatSlot(slot: string): string {
  clock ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  if (/^\d{2}:\d{2}$/.test(slot)) return Number.isNaN(atClock(slot).getTime()) ? slot : clock.format(atClock(slot));
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(slot);
  if (!match) return slot;
  const [start, end] = [atClock(match[1] ?? ''), atClock(match[2] ?? '')];
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) return slot;
  return clock.formatRange(start, end);
}
