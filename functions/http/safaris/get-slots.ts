import * as z from 'zod/mini';
import { isIsoDate } from '../../../shared/stay.ts';
import { idField } from '../../../shared/validation.ts';
import { emptySlots, seatsLeft } from '../../lib/bookings/safari-seats.ts';
import { bookableSafari } from '../../lib/bookings/bookable.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/** GET /api/safaris/{id}/slots/{date}: seats left on each time slot that day. */
export const handler = publicRoute(
  'get-safari-slots',
  { params: z.object({ id: idField('id'), date: z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24')) }) },
  async ({ params }) => {
    const safari = await bookableSafari(params.id);
    const slots = (await seatsLeft(safari, params.date, params.date)).get(params.date) ?? emptySlots(safari);
    return { safariId: safari.id, date: params.date, slots };
  },
);
