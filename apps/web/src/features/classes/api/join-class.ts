import { classEndpoints, type JoinClassInput } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** POST /api/classes/join: the class becomes subjects in one of my plans, or a new one. */
export function joinClass(input: JoinClassInput) {
  return apiRequest(classEndpoints.join, { body: input });
}

/** The form shows its own errors (a wrong code, a closed class, too many tries). */
export function useJoinClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinClass,
    onSuccess: (result) => putClass(client, result.class),
    meta: { handlesOwnErrors: true },
  });
}
