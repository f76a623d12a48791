import * as z from 'zod';
import { tenDigitPhoneSchema } from '../../../shared/users.ts';
import { updateProfile } from '../../lib/db/users.ts';
import { unauthorized } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/handler.ts';

const bodySchema = z.strictObject(
  {
    name: z.string().trim().min(1, 'Name is required').max(120).optional(),
    phone: tenDigitPhoneSchema.optional(),
  },
  { error: 'Only name and phone can be changed here' },
);

export const handler = httpRoute({ body: bodySchema }, async ({ body, principal }) => {
  if (!principal) throw unauthorized();
  return updateProfile(principal.userId, body);
});
