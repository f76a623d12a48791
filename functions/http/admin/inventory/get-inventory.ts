import { CHART_MAX_DAYS } from '../../../../shared/inventory-chart.ts';
import { addDaysIso, nightsBetween, resortToday } from '../../../../shared/stay.ts';
import { inventoryChart } from '../../../lib/inventory/inventory-chart.ts';
import { nightRangeQuery } from '../../../lib/http/night-range.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * GET /api/admin/inventory (staff) `?from=&to=`: the inventory calendar, every unit with its
 * bookings, holds, blocks and channel stays as bars over the nights from `from` up to `to`
 * (default: today and 14 nights; at most 62).
 */
export const handler = httpRoute('get-inventory', { query: nightRangeQuery(CHART_MAX_DAYS, 'nights') }, async ({ query }) => {
  const from = query.from ?? resortToday();
  const to = query.to && query.to > from ? query.to : addDaysIso(from, 14);
  return inventoryChart(from, nightsBetween(from, to) > CHART_MAX_DAYS ? addDaysIso(from, CHART_MAX_DAYS) : to);
});
