import * as z from 'zod/mini';
import { addDaysIso, resortToday, stayLimits } from '../../../shared/stay.ts';
import { emptySlots, seatsLeft } from '../../lib/bookings/safari-seats.ts';
import { bookableSafari } from '../../lib/bookings/catalogue.ts';
import { publicRoute } from '../../lib/http/handler.ts';

const querySchema = z.object({
  month: z.coerce.number({ error: 'month must be 1-12' }).check(z.int(), z.minimum(1, 'month must be 1-12'), z.maximum(12, 'month must be 1-12')),
  year: z.coerce.number({ error: 'year is required' }).check(z.int(), z.minimum(2020), z.maximum(2100)),
});

/** GET /api/safaris/{id}/available-dates?month=&year=: bookable dates of the month with seats left. */
export const handler = publicRoute(
  { params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }), query: querySchema },
  async ({ params, query }) => {
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
  },
);
