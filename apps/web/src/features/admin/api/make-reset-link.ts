import { type AdminResetLinkInput, adminEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/accounts/reset-link: a one-time reset link, shown to the admin only. */
export function makeResetLink(input: AdminResetLinkInput) {
  return apiRequest(adminEndpoints.resetLink, { body: input });
}

/** Makes a reset link; the admin log in the overview is fetched again. */
export function useMakeResetLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: makeResetLink,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.overview() }),
    meta: { handlesOwnErrors: true },
  });
}
