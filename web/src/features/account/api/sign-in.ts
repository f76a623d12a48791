import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { currentLocale } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { saveGuestSession } from '@/lib/guest-session';

const signedInSchema = z.object({
  token: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
});

export type SignInInput = { email: string; password: string };
export type RegisterInput = SignInInput & { name: string; phone?: string };

/** POST /api/auth?action=login (docs/product.md#account): the token and who it is for. */
export const signIn = (input: SignInInput) => apiRequest('/auth?action=login', signedInSchema, { method: 'POST', body: input });

const signupAnswerSchema = z.object({ message: z.string() });

/**
 * POST /api/auth?action=register: 202 with the same answer whether or not the address has an
 * account (the e-mail sent to it says which); a new account is activated from the e-mailed link.
 * The e-mail speaks the language the guest is reading.
 */
export const register = (input: RegisterInput) =>
  apiRequest('/auth?action=register', signupAnswerSchema, { method: 'POST', body: { ...input, language: currentLocale() } });

/** POST /api/auth/activate: the e-mailed link's token activates the account and signs it in. */
export const activateAccount = (input: { token: string }) => apiRequest('/auth/activate', signedInSchema, { method: 'POST', body: input });

/** Signs in (or activates) and keeps the session; anything cached for an earlier account is dropped. */
export function useSignIn<Input>(call: (input: Input) => ReturnType<typeof signIn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ token, user }) => {
      queryClient.removeQueries({ queryKey: ['account'] });
      saveGuestSession(token, user);
    },
  });
}
