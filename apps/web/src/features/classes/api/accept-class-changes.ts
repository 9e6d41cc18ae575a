import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** POST /api/classes/:id/accept: the teacher's changes into my copy, and the class re-planned. */
export function acceptClassChanges(id: number) {
  return apiRequest(classEndpoints.accept, { params: { id } });
}

export function useAcceptClassChanges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptClassChanges,
    onSuccess: (result) => putClass(client, result.class),
    meta: { handlesOwnErrors: true },
  });
}
