import { type SessionMoveInput, studySessionEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** PUT /api/sessions/{id}/time: the session at a new time, or a 400 naming the rule. */
export function moveSession({ id, input }: { id: number; input: SessionMoveInput }) {
  return apiRequest(studySessionEndpoints.move, { params: { id }, body: input });
}

export function useMoveSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveSession,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
