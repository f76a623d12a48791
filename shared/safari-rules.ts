import * as z from 'zod/mini';
import { safariMessages } from './booking-rules.ts';
import type { Safari } from './catalogue.ts';
import { addProblem, stayNights, type FieldProblems } from './stay.ts';
import { idField, wholeNumber } from './validation.ts';

/** A safari picked in step 3; its date/slot/guest rules (below) are checked against the stay on the server. */
export const safariSelectionSchema = z.object({
  safariId: idField('safariId'),
  date: z.optional(z.string()),
  timeSlot: z.optional(z.string()),
  guests: z.optional(wholeNumber()),
});
export type SafariSelection = z.infer<typeof safariSelectionSchema>;

/**
 * The safari rules (docs/product.md#safari-rules) for one selection: a date that is a night of the stay,
 * one of the safari's slots, at least one guest, no more than the safari allows or the booking has.
 * Problems are keyed by field so the form can show each beside its input.
 */
export function safariSelectionProblems(
  selection: SafariSelection,
  safari: Pick<Safari, 'max_guests' | 'time_slots'>,
  stay: { checkIn: string; checkOut: string; guests: number },
): FieldProblems {
  const problems: FieldProblems = {};
  if (!selection.date) addProblem(problems, 'date', safariMessages.dateRequired);
  else if (!stayNights(stay.checkIn, stay.checkOut).includes(selection.date)) addProblem(problems, 'date', safariMessages.dateInStay);
  if (!selection.timeSlot) addProblem(problems, 'timeSlot', safariMessages.slotRequired);
  else if (!safari.time_slots.includes(selection.timeSlot)) addProblem(problems, 'timeSlot', safariMessages.unknownSlot(selection.timeSlot));
  const guests = selection.guests ?? 0;
  if (guests < 1) addProblem(problems, 'guests', safariMessages.guestsRequired);
  else if (guests > safari.max_guests) addProblem(problems, 'guests', safariMessages.maxGuests(safari.max_guests));
  else if (guests > stay.guests) addProblem(problems, 'guests', safariMessages.bookingGuests(stay.guests));
  return problems;
}
