import { subjectEndpoints, type UpdateSubjectInput } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { subjectKeys } from './keys';

/** PUT /subjects/{id}: name, and the exam day or priority when given. */
export function updateSubject({ id, input }: { id: number; input: UpdateSubjectInput }) {
  return apiRequest(subjectEndpoints.update, { params: { id }, body: input });
}

/** Saves a subject; the form maps errors to its fields and the screen refreshes the plan. */
export function useUpdateSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSubject,
    onSuccess: async (subject) => {
      client.setQueryData(subjectKeys.detail(subject.id), subject);
      await client.invalidateQueries({ queryKey: subjectKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}
