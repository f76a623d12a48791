import { availabilityCalendar } from '../../shared/availability-calendar.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';

/** Where the local server serves a sample channel's calendar (local stage only). */
export const SAMPLE_CHANNEL_PATH = '/_dev/sample-channel.ics';

/**
 * A booking channel's calendar to try the import with under npm start (README: connecting a
 * channel): two stays a few weeks ahead, dated from today so they never go stale, written as the
 * channels write theirs (all-day events, check-in to check-out).
 */
export function sampleChannelCalendar(now = Date.now()): string {
  const today = resortToday(new Date(now));
  return availabilityCalendar({
    product: '-//Sample Channel//Calendar//EN',
    name: 'Sample channel',
    stamp: now,
    events: [
      { uid: 'sample-stay-1@channel.example', start: addDaysIso(today, 21), end: addDaysIso(today, 24), summary: 'CLOSED - Not available' },
      { uid: 'sample-stay-2@channel.example', start: addDaysIso(today, 45), end: addDaysIso(today, 47), summary: 'Reserved' },
    ],
  });
}
