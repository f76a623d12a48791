import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getProfileQueryOptions, profileSchema } from '@/lib/guest-profile';
import { updateGuestUser } from '@/lib/guest-session';

export type ProfileChange = { name: string; phone?: string };

/** PUT /api/auth/profile: name and phone (the e-mail is the sign-in and stays). */
export const updateProfile = (change: ProfileChange) => apiRequest('/auth/profile', profileSchema, { method: 'PUT', body: change, auth: 'guest' });

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile);
      updateGuestUser({ name: profile.name });
    },
  });
}
