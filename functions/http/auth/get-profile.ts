import { getUser } from '../../lib/db/users.ts';
import { notFound } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

export const handler = httpRoute('get-profile', {}, async ({ principal }) => {
  const user = await getUser(principal.userId);
  if (!user) throw notFound('Account not found');
  return user;
});
