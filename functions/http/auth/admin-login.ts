import { credentialsSchema, logIn } from '../../lib/accounts.ts';
import { publicRoute } from '../../lib/http/handler.ts';

/**
 * POST /api/auth/admin-login (docs/product.md#admin-sign-in): only portal roles get a portal token. Throttled per
 * account and client address (API Gateway's `sourceIp`, never a header the client sets).
 */
export const handler = publicRoute('admin-login', { body: credentialsSchema }, async ({ body, event }) =>
  logIn(body, { portal: true, address: event.requestContext?.http?.sourceIp }),
);
