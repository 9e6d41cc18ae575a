import { subjectEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { subjectKeys } from './keys';

/** DELETE /subjects/{id} (its topics, lessons and sessions go too). */
export function deleteSubject(id: number) {
  return apiRequest(subjectEndpoints.remove, { params: { id } });
}

/** Deletes a subject for real (docs/product.md); failures open the generic error dialog. */
export function useDeleteSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: (_result, id) => client.removeQueries({ queryKey: subjectKeys.detail(id) }),
  });
}
