import * as z from 'zod/mini';
import { addDaysIso, isIsoDate, nightsBetween, resortToday, stayLimits } from '../../../shared/stay.ts';
import { idField } from '../../../shared/validation.ts';
import { availabilityCalendar } from '../../lib/bookings/availability.ts';
import { resolveStay } from '../../lib/bookings/bookable.ts';
import { listPricingRules } from '../../lib/db/pricing-rules.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';

const MAX_RANGE_DAYS = 93;
const isoDate = (label: string) => z.string(`${label} is required`).check(z.refine(isIsoDate, `${label} must look like 2026-12-24`));

/** GET /api/cottages/{id}/availability?startDate=&endDate=: free units and price per night, for a date picker. */
export const handler = publicRoute(
  'get-availability-calendar',
  {
    params: z.object({ id: idField('id') }),
    query: z.object({ startDate: isoDate('startDate'), endDate: isoDate('endDate') }),
  },
  async ({ params, query }) => {
    const span = nightsBetween(query.startDate, query.endDate);
    if (span < 0) throw badRequest('endDate must not be before startDate', { endDate: ['endDate must not be before startDate'] });
    if (span >= MAX_RANGE_DAYS) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time`, { endDate: [`At most ${MAX_RANGE_DAYS} days`] });
    const now = Date.now();
    const today = resortToday(new Date(now));
    const lastBookable = addDaysIso(today, stayLimits.maxDaysAhead);
    const [stay, rules] = await Promise.all([resolveStay(params.id), listPricingRules()]);
    const nights = (await availabilityCalendar(stay.units, query.startDate, query.endDate, rules, now)).map((night) =>
      night.date < today || night.date > lastBookable ? { ...night, freeUnits: 0, available: false } : night,
    );
    return { id: params.id, startDate: query.startDate, endDate: query.endDate, nights };
  },
);
