import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys } from './keys';

/** DELETE /api/classes/:id: the teacher deletes the class; students keep their copies. */
export function deleteClass(id: number) {
  return apiRequest(classEndpoints.remove, { params: { id } });
}

/** The screen shows its own errors; the class leaves the cache and the list is fetched again. */
export function useDeleteClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteClass,
    onSuccess: async (_answer, id) => {
      client.removeQueries({ queryKey: classKeys.detail(id) });
      await client.invalidateQueries({ queryKey: classKeys.mine() });
    },
    meta: { handlesOwnErrors: true },
  });
}
