import * as z from 'zod/mini';
import { addDaysIso, resortToday, stayLimits } from '../../../shared/stay.ts';
import { idField, wholeNumber } from '../../../shared/validation.ts';
import { emptySlots, seatsLeft } from '../../lib/bookings/safari-seats.ts';
import { bookableSafari } from '../../lib/bookings/bookable.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/** A query parameter read as a number (as `Number()` reads it: a missing one is NaN); every problem with it reads `message`. */
const numberParam = (message: string, min: number, max: number) =>
  z.pipe(z.pipe(z.unknown(), z.transform(Number)), wholeNumber(message, message).check(z.gte(min, message), z.lte(max, message)));

const querySchema = z.object({
  month: numberParam('month must be 1-12', 1, 12),
  year: numberParam('year is required', 2020, 2100),
});

/** GET /api/safaris/{id}/available-dates?month=&year=: bookable dates of the month with seats left. */
export const handler = publicRoute('get-safari-available-dates', { params: z.object({ id: idField('id') }), query: querySchema }, async ({ params, query }) => {
  const safari = await bookableSafari(params.id);
  const first = `${query.year}-${String(query.month).padStart(2, '0')}-01`;
  const last = addDaysIso(query.month === 12 ? `${query.year + 1}-01-01` : `${query.year}-${String(query.month + 1).padStart(2, '0')}-01`, -1);
  const today = resortToday();
  const from = first < today ? today : first;
  const to = [last, addDaysIso(today, stayLimits.maxDaysAhead)].sort()[0] ?? last;
  const seats = from <= to ? await seatsLeft(safari, from, to) : new Map();
  const dates = [];
  for (let date = from; date <= to; date = addDaysIso(date, 1)) {
    const slots = seats.get(date) ?? emptySlots(safari);
    const left = slots.reduce((sum: number, slot: { seatsLeft: number }) => sum + slot.seatsLeft, 0);
    if (left > 0) dates.push({ date, seatsLeft: left, slots });
  }
  return { safariId: safari.id, month: query.month, year: query.year, dates };
});
