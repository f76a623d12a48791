import { reportQuerySchema } from '../../../../shared/admin-reports.ts';
import { reportFor } from '../../../lib/reports/report-request.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * GET /api/admin/reports/revenue?period=&start_date=&end_date= (manager): room revenue, booking
 * value, ADR, RevPAR, cancellations and refunds, with the previous period of equal length and a
 * chart series. Reads only the daily aggregates (one item per day with activity), never bookings.
 */
export const handler = httpRoute('get-revenue-report', { query: reportQuerySchema }, ({ query }) => reportFor('revenue', query));
