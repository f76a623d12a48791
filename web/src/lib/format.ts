import { RESORT_TIME_ZONE } from '@shared/stay';
import { dateTimeFormat, formatSlot as formatSlotIn, formatStayDay } from '@shared/stay-format';
import { intlLocale, t, type MessageId } from '@/i18n/i18n';

/*
 * Dates of the stay are calendar days (yyyy-mm-dd), shown without a time zone shift: they are read
 * and formatted as UTC days. Intl rather than date-fns' format, which carries a locale into the
 * bundle; each is written in the Indian format of the guest's language (docs/product.md#formats).
 */
const utcDay = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);

/** A formatter of the current language (shared/stay-format.ts keeps one per language and name). */
const format = (name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => dateTimeFormat(intlLocale(), name, options);

/** The date fields' format: '5 March 2026'. */
export const formatLongDate = (isoDate: string): string =>
  isoDate ? format('long', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(utcDay(isoDate)) : '';

/** 'Thursday, 5 March 2026': the confirmation names the weekday. */
export const formatDateWithWeekday = (isoDate: string): string =>
  format('weekday', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(utcDay(isoDate));

/** 'Thu, 5 Mar': summaries, chips, quotes and e-mails alike (shared/stay-format.ts). */
export const formatShortDate = (isoDate: string): string => formatStayDay(isoDate, intlLocale());

/** A safari's slot, '6:00 – 9:00 am' (shared/stay-format.ts). */
export const formatSlot = (slot: string): string => formatSlotIn(slot, intlLocale());

/** The visitor's local clock time of an instant: the header's 'saved 8:01 pm'. */
export const formatClock = (epochMs: number): string => format('clock', { hour: 'numeric', minute: '2-digit' }).format(new Date(epochMs));

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

const counted = {
  guests: '{count, plural, one {# guest} other {# guests}}',
  rooms: '{count, plural, one {# room} other {# rooms}}',
  nights: '{count, plural, one {# night} other {# nights}}',
  safaris: '{count, plural, one {# safari} other {# safaris}}',
} as const satisfies Record<string, MessageId>;

/** '2 guests', '1 room', '3 nights', '1 safari' in the current language. */
export const countOf = (what: keyof typeof counted, count: number): string => t(counted[what], { count });

/** A compact price for a calendar cell: ₹18k, ₹7.5k, ₹900. */
export function formatCompactInr(rupees: number): string {
  if (rupees < 1000) return `₹${rupees}`;
  const thousands = Math.round(rupees / 100) / 10;
  return `₹${thousands % 1 === 0 ? thousands.toFixed(0) : thousands.toFixed(1)}k`;
}

/** A deadline on the visitor's own clock and in their language: 'Monday, 23 November at 2:45 pm' (a hold they read where they are). */
export const formatLocalDeadline = (isoInstant: string): string =>
  format('local deadline', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(isoInstant));

/** An instant on the resort's clock (India): 'Sunday, 8 March 2026 at 2:00 pm'. Deadlines such as free cancellation. */
export const formatResortInstant = (isoInstant: string): string =>
  format('resort instant', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: RESORT_TIME_ZONE,
  }).format(new Date(isoInstant));
