import { type SessionFormInput, studySessionEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** PUT /api/generic/UpdateStudySession/{id} with the session form's value. */
export function updateSession({ id, input }: { id: number; input: SessionFormInput }) {
  return apiRequest(studySessionEndpoints.update, { params: { id }, body: input });
}

export function useUpdateSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSession,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
