import * as z from 'zod/mini';
import { CHART_MAX_DAYS } from '../../../../shared/inventory-chart.ts';
import { addDaysIso, isIsoDate, nightsBetween, resortToday } from '../../../../shared/stay.ts';
import { inventoryChart } from '../../../lib/inventory/inventory-chart.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const day = z.optional(z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24')));

/**
 * GET /api/admin/inventory (staff) `?from=&to=`: the inventory calendar, every unit with its
 * bookings, holds, blocks and channel stays as bars over the nights from `from` up to `to`
 * (default: today and 14 nights; at most 62).
 */
export const handler = httpRoute(
  'get-inventory',
  {
    query: z.object({ from: day, to: day }).check(
      z.refine((query) => !query.from || !query.to || query.to > query.from, { error: 'to must be after from', path: ['to'] }),
      z.refine((query) => !query.from || !query.to || nightsBetween(query.from, query.to) <= CHART_MAX_DAYS, {
        error: `Ask for at most ${CHART_MAX_DAYS} nights at a time`,
        path: ['to'],
      }),
    ),
  },
  async ({ query }) => {
    const from = query.from ?? resortToday();
    const to = query.to && query.to > from ? query.to : addDaysIso(from, 14);
    return inventoryChart(from, nightsBetween(from, to) > CHART_MAX_DAYS ? addDaysIso(from, CHART_MAX_DAYS) : to);
  },
);
