import * as v from 'valibot';
import { credentialsSchema, logIn, register, registrationSchema } from '../../lib/accounts.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { publicRoute, validationDetails } from '../../lib/http/handler.ts';
import { fields } from '../../../shared/validation.ts';

const querySchema = fields({ action: v.picklist(['register', 'login'], "action must be 'register' or 'login'") });
const bodySchema = v.unknown();

/** POST /api/auth?action=register|login (guest section 7). */
export const handler = publicRoute('auth', { query: querySchema, body: bodySchema }, async ({ query, body, event }) => {
  const schema = query.action === 'register' ? registrationSchema : credentialsSchema;
  const parsed = v.safeParse(schema, body ?? {});
  if (!parsed.success) throw badRequest(parsed.issues[0].message, validationDetails(parsed.issues));
  if (query.action === 'register') return { statusCode: 201, data: await register(parsed.output as v.InferOutput<typeof registrationSchema>) };
  // Throttled per account and client address (API Gateway's `sourceIp`, never a header the client sets).
  return logIn(parsed.output, { address: event.requestContext?.http?.sourceIp });
});
