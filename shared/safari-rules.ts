import * as z from 'zod/mini';
import { packageMessages, safariMessages } from './booking-rules.ts';
import type { Safari, StayPackage } from './catalogue.ts';
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

/**
 * How many safaris a booking with this package may carry. A package either includes safaris, up
 * to its max_safaris, or it does not, and then takes none whatever max_safaris says (the admin
 * form keeps an old max_safaris when the inclusions stop mentioning a safari). Safaris are priced
 * per person on top of the package either way (docs/product.md#quote).
 */
export const packageSafariAllowance = (stayPackage: Pick<StayPackage, 'includes_safari' | 'max_safaris'>): number =>
  stayPackage.includes_safari ? stayPackage.max_safaris : 0;

/** The message for field `selectedSafaris` when a stay picks more safaris than its package allows. */
export function packageSafariProblem(stayPackage: Pick<StayPackage, 'name' | 'includes_safari' | 'max_safaris'>, selected: number): string | undefined {
  const allowed = packageSafariAllowance(stayPackage);
  if (selected <= allowed) return undefined;
  return allowed === 0 ? packageMessages.noSafaris(stayPackage.name) : packageMessages.maxSafaris(stayPackage.name, allowed);
}
