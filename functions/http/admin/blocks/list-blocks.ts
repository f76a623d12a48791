import { BLOCK_LIST_MAX_DAYS } from '../../../../shared/blocks.ts';
import { addDaysIso, resortToday } from '../../../../shared/stay.ts';
import { listBlocks } from '../../../lib/inventory/date-blocks.ts';
import { nightRangeQuery } from '../../../lib/http/night-range.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * GET /api/admin/blocks (staff) `?from=&to=`: the blocks with a night in [from, to), by check-in;
 * from defaults to today at the resort, to to 60 days later, at most 366 days at a time.
 */
export const handler = httpRoute('list-blocks', { query: nightRangeQuery(BLOCK_LIST_MAX_DAYS, 'days') }, async ({ query }) => {
  const from = query.from ?? resortToday();
  const to = query.to ?? addDaysIso(from, 60);
  if (to <= from) return { from, to, blocks: [] };
  return { from, to, blocks: await listBlocks(from, to) };
});
