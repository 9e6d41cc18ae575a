import { type ClassInput, classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** PUT /api/classes/:id: the teacher saves the whole class; members are offered the changes. */
export function updateClass(id: number, input: ClassInput) {
  return apiRequest(classEndpoints.update, { params: { id }, body: input });
}

/** The form shows its own errors. */
export function useUpdateClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ClassInput }) => updateClass(id, input),
    onSuccess: (cls) => putClass(client, cls),
    meta: { handlesOwnErrors: true },
  });
}
