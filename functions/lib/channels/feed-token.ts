import { emailLinkMac, emailLinkMacMatches } from '../bookings/manage-link.ts';

/**
 * A unit's calendar feed token: the link key's MAC of `unit:version` (functions/lib/bookings/manage-link.ts,
 * with its own purpose, so it stands for no other link). Rotating bumps the version
 * (functions/lib/db/calendar-feeds.ts): every earlier token stops opening the feed at once.
 */
export const feedToken = (unitId: string, version: number): Promise<string> => emailLinkMac('calendar-feed', `${unitId}:${version}`);

/** Whether `token` opens this unit's feed at this version (constant time). */
export const feedTokenMatches = (unitId: string, version: number, token: string): Promise<boolean> =>
  emailLinkMacMatches('calendar-feed', `${unitId}:${version}`, token);
