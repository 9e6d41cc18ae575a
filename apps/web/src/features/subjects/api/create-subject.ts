import { type CreateSubjectInput, subjectEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /subjects with { studyPlanId, name } and optionally examDate and priority. */
export function createSubject(input: CreateSubjectInput) {
  return apiRequest(subjectEndpoints.create, { body: input });
}

/** Adds a subject; the form shows errors itself and the screen refreshes the plan. */
export function useCreateSubject() {
  return useMutation({ mutationFn: createSubject, meta: { handlesOwnErrors: true } });
}
