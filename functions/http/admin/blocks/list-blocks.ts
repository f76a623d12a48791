import * as z from 'zod/mini';
import { BLOCK_LIST_MAX_DAYS, blockMessages } from '../../../../shared/blocks.ts';
import { addDaysIso, isIsoDate, nightsBetween, resortToday } from '../../../../shared/stay.ts';
import { listBlocks } from '../../../lib/inventory/date-blocks.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const day = z.optional(z.string().check(z.refine(isIsoDate, blockMessages.date)));

/**
 * GET /api/admin/blocks (staff) `?from=&to=`: the blocks with a night in [from, to), by check-in;
 * from defaults to today at the resort, to to 60 days later, at most 366 days at a time.
 */
export const handler = httpRoute(
  'list-blocks',
  {
    query: z.object({ from: day, to: day }).check(
      z.refine((query) => !query.from || !query.to || query.to > query.from, { error: blockMessages.range, path: ['to'] }),
      z.refine((query) => !query.from || !query.to || nightsBetween(query.from, query.to) <= BLOCK_LIST_MAX_DAYS, {
        error: blockMessages.rangeTooLong,
        path: ['to'],
      }),
    ),
  },
  async ({ query }) => {
    const from = query.from ?? resortToday();
    const to = query.to ?? addDaysIso(from, 60);
    if (to <= from) return { from, to, blocks: [] };
    return { from, to, blocks: await listBlocks(from, to) };
  },
);
