import { accountDataEndpoints, type DeleteAccountInput } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearOfflineData } from '@/lib/offline-cache';
import { clearSession } from '@/lib/session';

/** POST /api/account/delete: deletes the account and all its data at once; every login ends. */
export function deleteAccount(input: DeleteAccountInput) {
  return apiRequest(accountDataEndpoints.remove, { body: input });
}

/**
 * Deletes the account; the form shows its own errors. On success the session ends here as on
 * logout (memory, session storage, the logged-in flag and every cached answer, the offline copy among them), then
 * `onDeleted` runs in the same task, before the guards can react to the ended session.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession();
      client.clear();
      void clearOfflineData();
      onDeleted();
    },
    meta: { handlesOwnErrors: true },
  });
}
