import * as z from 'zod/mini';
import { tooLongMessage } from '../../../shared/text.ts';
import { languageField } from '../../../shared/language-field.ts';
import { accountNameSchema } from '../../../shared/user-schemas.ts';
import { tenDigitPhoneSchema } from '../../../shared/users.ts';
import { maxLength, minLength } from '../../../shared/validation.ts';
import { credentialsSchema, logIn, register, type Registration, type SignedIn, type SignupAnswer } from '../../lib/accounts.ts';
import { badRequest } from '../../lib/http/errors.ts';
import type { RouteOutput } from '../../lib/http/handler.ts';
import { signInRoute } from '../../lib/http/sign-in-route.ts';
import { validationDetails } from '../../lib/http/request-parsing.ts';

const querySchema = z.object({ action: z.enum(['register', 'login'], "action must be 'register' or 'login'") });
const bodySchema = z.unknown();

/** A sign-up: the sign-in's fields, a longer password, a name, and optionally a phone. */
const registrationSchema = z.object({
  ...credentialsSchema.shape,
  name: accountNameSchema,
  password: z.string('Password is required').check(minLength(8, 'Password must be at least 8 characters'), maxLength(200, tooLongMessage('Password', 200))),
  phone: z.optional(tenDigitPhoneSchema),
  /** The language the guest signs up in: its e-mail speaks it. */
  language: languageField,
});

/**
 * POST /api/auth?action=register|login (docs/product.md#account). Register answers 202 with the same body
 * whether or not the address has an account (the e-mail says which); the account is activated from
 * the e-mailed link (POST /api/auth/activate). Both are limited per client address (API Gateway's
 * `sourceIp`, never a header the client sets).
 */
export const handler = signInRoute(
  'auth',
  { query: querySchema, body: bodySchema },
  async ({ query, body, event }): Promise<RouteOutput<SignupAnswer | SignedIn>> => {
    const schema = query.action === 'register' ? registrationSchema : credentialsSchema;
    const parsed = z.safeParse(schema, body ?? {});
    if (!parsed.success) {
      const { issues } = parsed.error;
      throw badRequest(issues[0]?.message ?? 'Invalid request body', validationDetails(issues));
    }
    const address = event.requestContext?.http?.sourceIp;
    if (query.action === 'register') return { statusCode: 202, data: await register(parsed.data as Registration, { address }) };
    return logIn(parsed.data, { address });
  },
);
