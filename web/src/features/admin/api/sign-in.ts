import { z } from 'zod/mini';
import { userRoleSchema } from '@shared/user-schemas';
import { apiRequest } from '@/lib/api-client';

const signInResultSchema = z.object({
  token: z.string().check(z.minLength(1)),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: userRoleSchema }),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

/** The staff sign-in: the token and account, or undefined when the server's reply is not one (no token, no user). */
export async function signIn(email: string, password: string): Promise<SignInResult | undefined> {
  const reply = await apiRequest('/auth/admin-login', z.unknown(), { method: 'POST', body: { email, password } });
  const parsed = z.safeParse(signInResultSchema, reply);
  return parsed.success ? parsed.data : undefined;
}
