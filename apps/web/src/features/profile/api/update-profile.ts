import { profileEndpoints, type UpdateProfileInput } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './keys';

/** POST /user/profile/update with the whole profile form value. */
export function updateProfile(input: UpdateProfileInput) {
  return apiRequest(profileEndpoints.update, { body: input });
}

/** Saves the profile; the form maps errors to its fields itself. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(profileKeys.mine(), profile),
    meta: { handlesOwnErrors: true },
  });
}
