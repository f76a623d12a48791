import * as v from 'valibot';
import { isIsoDate } from '../../../shared/stay.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { emptySlots, seatsLeft } from '../../lib/bookings/safari-seats.ts';
import { bookableSafari } from '../../lib/bookings/catalogue.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/** GET /api/safaris/{id}/slots/{date}: seats left on each time slot that day. */
export const handler = publicRoute(
  'get-safari-slots',
  { params: fields({ id: idField('id'), date: v.pipe(v.string(), v.check(isIsoDate, 'Dates look like 2026-12-24')) }) },
  async ({ params }) => {
    const safari = await bookableSafari(params.id);
    const slots = (await seatsLeft(safari, params.date, params.date)).get(params.date) ?? emptySlots(safari);
    return { safariId: safari.id, date: params.date, slots };
  },
);
