import { credentialsSchema, logIn } from '../../lib/accounts.ts';
import { httpRoute } from '../../lib/http/handler.ts';

/** POST /api/auth/admin-login (admin section 7): only admins and managers get a portal token. */
export const handler = httpRoute({ body: credentialsSchema }, async ({ body }) => logIn(body, { portal: true }));
