import { reportQuerySchema } from '../../../../shared/admin-reports.ts';
import { reportFor } from '../../../lib/reports/report-request.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * GET /api/admin/reports/occupancy?start_date=&end_date= (manager; `period` too): occupancy (room
 * nights sold / available), per villa type, ADR, RevPAR, safari seat use and package take-up, with
 * the previous period of equal length. Reads only the daily aggregates, never bookings.
 */
export const handler = httpRoute('get-occupancy-report', { query: reportQuerySchema }, ({ query }) => reportFor('occupancy', query));
