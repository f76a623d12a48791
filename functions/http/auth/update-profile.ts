import * as z from 'zod/mini';
import { accountNameSchema } from '../../../shared/user-schemas.ts';
import { tenDigitPhoneSchema } from '../../../shared/users.ts';
import { updateProfile } from '../../lib/db/users.ts';
import { notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

const bodySchema = z.strictObject(
  {
    name: z.optional(accountNameSchema),
    phone: z.optional(tenDigitPhoneSchema),
  },
  'Only name and phone can be changed here',
);

export const handler = httpRoute('update-profile', { body: bodySchema }, async ({ body, principal }) => {
  const user = await updateProfile(principal.userId, body);
  // A valid token of an account deleted since: the same answer as GET /api/auth/profile.
  if (!user) throw notFound('Account not found');
  return user;
});
