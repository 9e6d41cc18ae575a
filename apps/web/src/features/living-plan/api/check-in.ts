import { type CheckInInput, livingPlanEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { livingPlanKeys } from './keys';

/** POST /api/sessions/{id}/check-in: how a past session went. */
export function checkIn({ id, input }: { id: number; input: CheckInInput }) {
  return apiRequest(livingPlanEndpoints.checkIn, { params: { id }, body: input });
}

/**
 * Checks a session in; readiness refetches here, the sessions through `onDone` (a page
 * refreshes the other features' queries). The dialog shows the server's problems itself.
 */
export function useCheckIn(onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: async () => {
      onDone?.();
      await client.invalidateQueries({ queryKey: livingPlanKeys.all });
    },
    meta: { handlesOwnErrors: true },
  });
}
