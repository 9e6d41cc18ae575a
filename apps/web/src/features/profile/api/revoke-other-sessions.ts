import { sessionEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './keys';

/** POST /user/sessions/revoke-others */
export function revokeOtherSessions() {
  return apiRequest(sessionEndpoints.revokeOthers);
}

/** Logs out everywhere else, then reloads the sessions list. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
