import { credentialsSchema, logIn } from '../../lib/accounts.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/** POST /api/auth/admin-login (admin section 7): only admins and managers get a portal token. */
export const handler = publicRoute('admin-login', { body: credentialsSchema }, async ({ body }) => logIn(body, { portal: true }));
