import { listAdminSafaris } from '../../lib/catalogue/safari-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** GET /api/safaris/admin/all (manager): every safari, active or not, in the spec's shape beside ours. */
export const handler = httpRoute('list-all-safaris', {}, async () => listAdminSafaris());
