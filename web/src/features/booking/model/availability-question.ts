import type { AvailabilityQuestion } from '../api/check-availability';
import { partySize, type StayFields } from './draft';

/** What step 1 asks the server about a stay. */
export const questionOf = (draft: StayFields): AvailabilityQuestion => ({
  villa: draft.cottage,
  checkIn: draft.checkIn,
  checkOut: draft.checkOut,
  guests: partySize(draft),
  rooms: draft.rooms,
});

export const sameQuestion = (a: AvailabilityQuestion, b: AvailabilityQuestion): boolean => JSON.stringify(a) === JSON.stringify(b);

/** True when two stays share a night: [checkIn, checkOut) ranges of yyyy-mm-dd days. */
export const sharesANight = (a: { checkIn: string; checkOut: string }, b: { checkIn: string; checkOut: string }): boolean =>
  a.checkIn < b.checkOut && b.checkIn < a.checkOut;

/** Said in step 1's result area when a live update shows the guest's checked dates went to someone else. */
export const JUST_TAKEN = 'Just taken: another guest has booked this villa for some of your nights. The nearest free dates and other villas are below.';
