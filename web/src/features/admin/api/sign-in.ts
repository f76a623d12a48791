import { z } from 'zod/mini';
import { userRoleSchema } from '@shared/user-schemas';
import { apiRequest } from '@/lib/api-client';

const signInResultSchema = z.object({
  token: z.optional(z.string()),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: userRoleSchema }),
});

export const signIn = (email: string, password: string) => apiRequest('/auth/admin-login', signInResultSchema, { method: 'POST', body: { email, password } });
