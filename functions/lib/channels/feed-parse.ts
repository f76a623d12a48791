import ICAL from 'ical.js';
import { addDaysIso, nightsBetween, resortToday, stayNights } from '../../../shared/stay.ts';
import { UpstreamError } from '../domain-errors.ts';

/** A channel's stay as its calendar gives it: its UID and the nights it takes within the window asked for. */
export type FeedStay = { uid: string; nights: string[] };

/** More events than a calendar needs (past ones included): a feed beyond it is refused rather than half read. */
export const MAX_FEED_EVENTS = 5000;
/** More stays in a year than one unit can have nights: refused (the stays are kept on the channel's row, which has a size limit). */
export const MAX_FEED_STAYS = 1000;
/** A UID longer than this is cut (RFC 5545 sets no limit; channels use a few dozen characters). */
const MAX_UID = 200;

const malformed = () => new UpstreamError('The channel’s calendar could not be read: it is not an iCalendar file');

/** A date-time's date at the resort; a date as it is. */
const resortDate = (time: ICAL.Time): string => (time.isDate ? time.toString().slice(0, 10) : resortToday(time.toJSDate()));

/**
 * The stays of a channel's calendar (RFC 5545, read with ical.js) with nights from `firstNight` to
 * `lastNight`. A VEVENT's nights run from its start date up to, not including, its end date (an
 * all-day event ending on the check-out date, as channels publish them; one night at least).
 * Cancelled events take nothing. Events sharing a UID (a recurrence's overrides) are one stay.
 */
export function feedStays(text: string, firstNight: string, lastNight: string): FeedStay[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw malformed();
  }
  if (root.name !== 'vcalendar') throw malformed();
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > MAX_FEED_EVENTS) throw new UpstreamError(`The channel’s calendar has more than ${MAX_FEED_EVENTS} events`);
  const stays = new Map<string, Set<string>>();
  for (const vevent of vevents) {
    try {
      if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
      const event = new ICAL.Event(vevent);
      if (!event.startDate) continue;
      const start = resortDate(event.startDate);
      const end = event.endDate ? resortDate(event.endDate) : start;
      const nights = stayNights(start, nightsBetween(start, end) >= 1 ? end : addDaysIso(start, 1)).filter(
        (night) => night >= firstNight && night <= lastNight,
      );
      if (!nights.length) continue;
      const uid = (event.uid || `${start}/${end}`).slice(0, MAX_UID);
      const known = stays.get(uid) ?? new Set<string>();
      for (const night of nights) known.add(night);
      stays.set(uid, known);
    } catch {
      // One unreadable event (a date that is no date) is the channel's mistake: the rest still count.
      continue;
    }
  }
  if (stays.size > MAX_FEED_STAYS) throw new UpstreamError(`The channel’s calendar has more than ${MAX_FEED_STAYS} stays in the next year`);
  return [...stays].map(([uid, nights]) => ({ uid, nights: [...nights].sort() }));
}
