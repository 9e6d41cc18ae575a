import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** POST /api/classes/:id/dismiss: the teacher's changes set aside, my copy kept as it is. */
export function dismissClassChanges(id: number) {
  return apiRequest(classEndpoints.dismiss, { params: { id } });
}

export function useDismissClassChanges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissClassChanges,
    onSuccess: (cls) => putClass(client, cls),
    meta: { handlesOwnErrors: true },
  });
}
