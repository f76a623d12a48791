import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiRequest } from './api-client';

/** GET /api/auth/profile: the signed-in guest's account (the fields the site shows or edits). */
export const profileSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.optional(v.string()),
  role: v.string(),
});
export type Profile = v.InferOutput<typeof profileSchema>;

/**
 * The profile of the guest signed in as `userId` (in the key, so another sign-in never reads this
 * one's cache). The account pages show it; the wizard's step 4 prefills the guest form from it.
 */
export const getProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'profile'] as const,
    queryFn: ({ signal }) => apiRequest('/auth/profile', profileSchema, { auth: 'guest', signal }),
  });
