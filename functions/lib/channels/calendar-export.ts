import { availabilityCalendar, type AllDayEvent } from '../../../shared/availability-calendar.ts';
import { addDaysIso, resortToday, stayLimits } from '../../../shared/stay.ts';
import { feedVersion } from '../db/calendar-feeds.ts';
import { cottages } from '../db/catalogue.ts';
import { unitNights, type NightHolder } from '../db/inventory.ts';
import { nightRuns } from '../inventory/night-runs.ts';
import { NotFoundError } from '../domain-errors.ts';
import { feedTokenMatches } from './feed-token.ts';

/** One answer for an unknown unit and a wrong token alike: the feed's URL is its only secret. */
export const FEED_NOT_FOUND = 'Calendar feed not found';

/** The nights a feed carries: a month back (stays in progress) to the last check-out a guest can book. */
const FEED_PAST_DAYS = 30;
const feedLastNight = (today: string) => addDaysIso(today, stayLimits.maxDaysAhead + stayLimits.maxNights);

/**
 * The unit's taken nights as events: each run of consecutive nights of one booking (held or
 * booked), block or channel stay is one event, its UID stable for as long as the stay stands.
 */
export function stayEvents(unitId: string, nights: ReadonlyArray<{ night: string; holder: NightHolder; heldUntil?: number }>): AllDayEvent[] {
  const seen = new Map<string, number>();
  return nightRuns(nights).map(({ key, holder, start, end, heldUntil }) => {
    const run = (seen.get(key) ?? 0) + 1;
    seen.set(key, run);
    const summary = 'blockId' in holder ? 'Blocked' : 'channelId' in holder ? 'Channel stay' : heldUntil ? 'Held' : 'Booked';
    return { uid: `${key}${run > 1 ? `-${run}` : ''}.${unitId}@forest-resort`, start, end, summary };
  });
}

/** GET /api/ical/{unit}.ics?token=: the unit's taken nights, if the token is the unit's current one. */
export async function unitCalendar(unitId: string, token: string, now = Date.now()): Promise<string> {
  const [unit, version] = await Promise.all([cottages.get(unitId), feedVersion(unitId)]);
  if (!unit || !(await feedTokenMatches(unitId, version, token))) throw new NotFoundError(FEED_NOT_FOUND);
  const today = resortToday(new Date(now));
  const nights = await unitNights(unitId, addDaysIso(today, -FEED_PAST_DAYS), feedLastNight(today), now);
  return availabilityCalendar({
    product: '-//Forest Resort//Channel feed//EN',
    name: `${unit.name} (Forest Resort)`,
    stamp: now,
    events: stayEvents(unitId, nights),
  });
}
