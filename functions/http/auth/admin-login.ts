import { credentialsSchema, logIn } from '../../lib/accounts.ts';
import { signInRoute } from '../../lib/http/sign-in-route.ts';

/**
 * POST /api/auth/admin-login (docs/product.md#admin-sign-in): only portal roles get a portal token. Throttled per
 * account and client address (API Gateway's `sourceIp`, never a header the client sets).
 */
export const handler = signInRoute('admin-login', { body: credentialsSchema }, async ({ body, event }) =>
  logIn(body, { portal: true, address: event.requestContext?.http?.sourceIp }),
);
