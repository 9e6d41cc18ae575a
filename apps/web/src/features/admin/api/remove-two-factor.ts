import { type AdminTwoFactorRemoveInput, twoFactorEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/accounts/two-factor/remove: a student's two-step sign-in off (a lost phone). */
export function useRemoveTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminTwoFactorRemoveInput) =>
      apiRequest(twoFactorEndpoints.adminRemove, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.overview() }),
    meta: { handlesOwnErrors: true },
  });
}
