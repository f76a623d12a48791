import * as z from 'zod/mini';
import { credentialsSchema, logIn, register, registrationSchema } from '../../lib/accounts.ts';
import { badRequest } from '../../lib/http/errors.ts';
import { publicRoute, validationDetails } from '../../lib/http/handler.ts';

const querySchema = z.object({ action: z.enum(['register', 'login'], { error: "action must be 'register' or 'login'" }) });
const bodySchema = z.unknown();

/** POST /api/auth?action=register|login (guest section 7). */
export const handler = publicRoute({ query: querySchema, body: bodySchema }, async ({ query, body }) => {
  const schema = query.action === 'register' ? registrationSchema : credentialsSchema;
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request body', validationDetails(parsed.error));
  if (query.action === 'register') return { statusCode: 201, data: await register(parsed.data as z.infer<typeof registrationSchema>) };
  return logIn(parsed.data);
});
