import { getUser } from '../../lib/db/users.ts';
import { notFound, unauthorized } from '../../lib/http/errors.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

export const handler = httpRoute({}, async ({ principal }) => {
  if (!principal) throw unauthorized();
  const user = await getUser(principal.userId);
  if (!user) throw notFound('Account not found');
  return user;
});
