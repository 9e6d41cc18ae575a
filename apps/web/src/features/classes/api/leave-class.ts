import { classEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys } from './keys';

/** POST /api/classes/:id/leave: its subjects, notes, cards and sessions stay the student's. */
export function leaveClass(id: number) {
  return apiRequest(classEndpoints.leave, { params: { id } });
}

export function useLeaveClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveClass,
    onSuccess: async (_answer, id) => {
      client.removeQueries({ queryKey: classKeys.detail(id) });
      await client.invalidateQueries({ queryKey: classKeys.mine() });
    },
    meta: { handlesOwnErrors: true },
  });
}
