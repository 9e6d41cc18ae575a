import { type ClassInput, classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { putClass } from './class-cache';

/** POST /api/classes: a teacher makes a class (a join code comes with it). */
export function createClass(input: ClassInput) {
  return apiRequest(classEndpoints.create, { body: input });
}

/** The form shows its own errors. */
export function useCreateClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: (cls) => putClass(client, cls),
    meta: { handlesOwnErrors: true },
  });
}
