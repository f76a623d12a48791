import * as z from 'zod/mini';
import { cursorField, pageLimit } from '../../../../shared/validation.ts';
import { listReportExportsPage } from '../../../lib/db/report-exports.ts';
import { InvalidCursor } from '../../../lib/db/query.ts';
import { badRequest } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** GET /api/admin/reports/exports (manager): past exports, newest first, `limit` (default 10, at most 50) per page and a `cursor` for the next. */
export const handler = httpRoute(
  'list-report-exports',
  {
    query: z.object({
      limit: pageLimit('10', 50),
      cursor: cursorField(),
    }),
  },
  async ({ query }) => {
    try {
      return await listReportExportsPage(query.limit, query.cursor);
    } catch (error) {
      if (error instanceof InvalidCursor) throw badRequest(error.message, { cursor: [error.message] });
      throw error;
    }
  },
);
