import * as v from 'valibot';
import { cursorField, fields } from '../../../../shared/validation.ts';
import { listReportExportsPage } from '../../../lib/db/report-exports.ts';
import { InvalidCursor } from '../../../lib/db/query.ts';
import { badRequest } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const limitMessage = 'limit is a number from 1 to 50';

/** GET /api/admin/reports/exports (manager): past exports, newest first, `limit` (default 10, at most 50) per page and a `cursor` for the next. */
export const handler = httpRoute(
  'list-report-exports',
  {
    query: fields({
      limit: v.optional(
        v.pipe(v.string(), v.regex(/^\d{1,2}$/, limitMessage), v.transform(Number), v.minValue(1, limitMessage), v.maxValue(50, limitMessage)),
        '10',
      ),
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
