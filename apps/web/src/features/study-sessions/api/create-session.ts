import { type SessionFormInput, studySessionEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** POST /api/generic/CreateStudySession with the session form's value. */
export function createSession(input: SessionFormInput) {
  return apiRequest(studySessionEndpoints.create, { body: input });
}

export function useCreateSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
