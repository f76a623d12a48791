import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from './api-client';

/** GET /api/auth/profile: the signed-in guest's account (the fields the site shows or edits). */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.optional(z.string()),
  role: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The profile of the guest signed in as `userId` (in the key, so another sign-in never reads this
 * one's cache). The account pages show it; the wizard's step 4 prefills the guest form from it.
 */
export const getProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'profile'] as const,
    queryFn: ({ signal }) => apiRequest('/auth/profile', profileSchema, { auth: 'guest', signal }),
  });
