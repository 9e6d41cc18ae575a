import { studySessionEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** DELETE /api/generic/DeleteStudySession/{id} */
export function deleteSession(id: number) {
  return apiRequest(studySessionEndpoints.remove, { params: { id } });
}

/** Deletes a session; a failure opens the generic error dialog. */
export function useDeleteSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
