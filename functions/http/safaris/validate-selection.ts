import * as z from 'zod/mini';
import { safariMessages } from '../../../shared/booking-rules.ts';
import { safariSelectionProblems, safariSelectionSchema } from '../../../shared/safari-rules.ts';
import { addProblem, hasProblems, isIsoDate, type FieldProblems } from '../../../shared/stay.ts';
import { maxLength, minLength, wholeNumber } from '../../../shared/validation.ts';
import { emptySlots, seatsLeft } from '../../lib/bookings/safari-seats.ts';
import { bookableSafari } from '../../lib/bookings/bookable.ts';
import { badRequest, conflict } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';

const bodySchema = z.object({
  checkIn: z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24')),
  checkOut: z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24')),
  guests: wholeNumber().check(z.gte(1, 'At least 1 guest is required')),
  selections: z.array(safariSelectionSchema).check(minLength(1, 'Choose at least one safari'), maxLength(12)),
});

/** POST /api/safaris/validate-selection: the safari rules (docs/product.md#safari-rules) and seats left, before step 4. */
export const handler = publicRoute('validate-safari-selection', { body: bodySchema }, async ({ body }) => {
  const safaris = await Promise.all(body.selections.map((selection) => bookableSafari(selection.safariId)));
  const problems: FieldProblems = {};
  body.selections.forEach((selection, index) => {
    const safari = safaris[index];
    if (!safari) return;
    for (const [field, messages] of Object.entries(safariSelectionProblems(selection, safari, body)))
      for (const message of messages) addProblem(problems, `selections.${index}.${field}`, message);
  });
  if (hasProblems(problems)) throw badRequest(Object.values(problems)[0]?.[0] ?? 'Invalid safari selection', problems);

  const soldOut: FieldProblems = {};
  const priced = await Promise.all(
    body.selections.map(async (selection, index) => {
      const safari = safaris[index];
      if (!safari || !selection.date || !selection.timeSlot) throw new Error('validated selection is incomplete');
      const slots = (await seatsLeft(safari, selection.date, selection.date)).get(selection.date) ?? emptySlots(safari);
      const slot = slots.find((candidate) => candidate.timeSlot === selection.timeSlot);
      if ((slot?.seatsLeft ?? 0) < (selection.guests ?? 0))
        addProblem(soldOut, `selections.${index}.timeSlot`, safariMessages.soldOut(safari.name, selection.date, selection.timeSlot));
      return {
        safariId: safari.id,
        name: safari.name,
        date: selection.date,
        timeSlot: selection.timeSlot,
        guests: selection.guests ?? 0,
        price: safari.price,
        totalPrice: safari.price * (selection.guests ?? 0),
        seatsLeft: slot?.seatsLeft ?? 0,
      };
    }),
  );
  if (hasProblems(soldOut)) throw conflict(Object.values(soldOut)[0]?.[0] ?? 'Sold out', soldOut);
  return { valid: true, selections: priced, total: priced.reduce((sum, selection) => sum + selection.totalPrice, 0) };
});
