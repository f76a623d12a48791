import * as v from 'valibot';
import { userRoleSchema } from '@shared/user-schemas';
import { apiRequest } from '@/lib/api-client';

const signInResultSchema = v.object({
  token: v.optional(v.string()),
  user: v.object({ id: v.string(), name: v.string(), email: v.string(), role: userRoleSchema }),
});

export const signIn = (email: string, password: string) => apiRequest('/auth/admin-login', signInResultSchema, { method: 'POST', body: { email, password } });
