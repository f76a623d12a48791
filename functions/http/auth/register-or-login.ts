import * as v from 'valibot';
import { credentialsSchema, logIn, register, registrationSchema, type SignedIn, type SignupAnswer } from '../../lib/accounts.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { publicRoute, type RouteOutput } from '../../lib/http/handler.ts';
import { validationDetails } from '../../lib/http/request-parsing.ts';
import { fields } from '../../../shared/validation.ts';

const querySchema = fields({ action: v.picklist(['register', 'login'], "action must be 'register' or 'login'") });
const bodySchema = v.unknown();

/**
 * POST /api/auth?action=register|login (guest section 7). Register answers 202 with the same body
 * whether or not the address has an account (the e-mail says which); the account is activated from
 * the e-mailed link (POST /api/auth/activate). Both are limited per client address (API Gateway's
 * `sourceIp`, never a header the client sets).
 */
export const handler = publicRoute(
  'auth',
  { query: querySchema, body: bodySchema },
  async ({ query, body, event }): Promise<RouteOutput<SignupAnswer | SignedIn>> => {
    const schema = query.action === 'register' ? registrationSchema : credentialsSchema;
    const parsed = v.safeParse(schema, body ?? {});
    if (!parsed.success) throw badRequest(parsed.issues[0].message, validationDetails(parsed.issues));
    const address = event.requestContext?.http?.sourceIp;
    if (query.action === 'register') return { statusCode: 202, data: await register(parsed.output as v.InferOutput<typeof registrationSchema>, { address }) };
    return logIn(parsed.output, { address });
  },
);
