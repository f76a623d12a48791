import { hasProblems, resortToday, stayLimits, stayMessages, stayProblems, type FieldProblems } from '@shared/stay';
import type { StayFields } from './draft';

/**
 * The availability form's rules with their messages (docs/product.md#stay-rules), keyed by field: the
 * shared stay rules plus 'Please select a villa'. `maxGuests` is the chosen villa's capacity per room.
 */
export function availabilityProblems(stay: StayFields, maxGuests: number | undefined, today: string = resortToday()): FieldProblems {
  const problems = stayProblems(
    { checkIn: stay.checkIn || undefined, checkOut: stay.checkOut || undefined, rooms: stay.rooms, adults: stay.adults, children: stay.children },
    today,
    maxGuests,
  );
  if (!stay.cottage) return { cottage: [stayMessages.villaRequired], ...problems };
  return problems;
}

export { hasProblems, stayLimits, stayMessages };

/** Options of the party selectors: rooms 1-4, adults 1-8, children 0-6. */
export const range = (min: number, max: number): number[] => Array.from({ length: max - min + 1 }, (_, index) => min + index);
