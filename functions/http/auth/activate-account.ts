import * as z from 'zod/mini';
import { activate } from '../../lib/activate-account.ts';
import { signInRoute } from '../../lib/http/sign-in-route.ts';
import { maxLength, minLength } from '../../../shared/validation.ts';

const bodySchema = z.object({
  token: z
    .string('The activation link is incomplete')
    .check(minLength(1, 'The activation link is incomplete'), maxLength(200, 'The activation link is not valid')),
});

/**
 * POST /api/auth/activate `{token}`: the link e-mailed at sign-up activates the account and signs
 * the guest in (the answer of a sign-in). 400 for a link that is not valid or was used, 410 when it
 * has expired (registering again sends a new one).
 */
export const handler = signInRoute('activate-account', { body: bodySchema }, async ({ body }) => activate(body.token));
