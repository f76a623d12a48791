/*
 * One way to write a stay's days and a safari's times, on the site, in quotes and in e-mails
 * (docs/product.md#formats): Intl's Indian format of the guest's language, 'Thu, 10 Dec' and
 * '6:00 – 9:00 am' in English. Intl does the writing; each formatter is made on first use, so no
 * function pays for it at import.
 */

/** The language dates are written in when none is given: Indian English. */
export const DEFAULT_FORMAT_LOCALE = 'en-IN';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl's formatter `name` (one set of options) in `locale`, made once per language and name: the site's dates use it too (web/src/lib/format.ts). */
export function dateTimeFormat(locale: string, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${name}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A day of the stay (yyyy-mm-dd, a calendar day): 'Thu, 10 Dec'. */
export function formatStayDay(isoDate: string, locale: string = DEFAULT_FORMAT_LOCALE): string {
  const day = dateTimeFormat(locale, 'stay day', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return day.format(new Date(`${isoDate}T00:00:00Z`));
}

const atClock = (time: string) => new Date(`1970-01-01T${time}:00Z`);

/** A safari's time slot ('06:00-09:00', resort time): '6:00 – 9:00 am'; a single time '6:00 am'; anything else as it is. */
export function formatSlot(slot: string, locale: string = DEFAULT_FORMAT_LOCALE): string {
  const clock = dateTimeFormat(locale, 'slot', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  if (/^\d{2}:\d{2}$/.test(slot)) return Number.isNaN(atClock(slot).getTime()) ? slot : clock.format(atClock(slot));
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(slot);
  if (!match) return slot;
  const [start, end] = [atClock(match[1] ?? ''), atClock(match[2] ?? '')];
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) return slot;
  return clock.formatRange(start, end);
}
