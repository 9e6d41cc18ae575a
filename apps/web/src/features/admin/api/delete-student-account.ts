import { type AdminDeleteAccountInput, adminEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/accounts/delete: a student's account and all its data, on their request. */
export function deleteStudentAccount(input: AdminDeleteAccountInput) {
  return apiRequest(adminEndpoints.deleteAccount, { body: input });
}

/** Deletes a student's account; the form shows its own errors; the overview is fetched again. */
export function useDeleteStudentAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStudentAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.overview() }),
    meta: { handlesOwnErrors: true },
  });
}
