import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { livingPlanKeys } from '@/features/living-plan/api/keys';
import { progressKeys } from '@/features/progress/api/keys';
import { sessionKeys } from '@/features/study-sessions/api/keys';

/**
 * After a check-in or a re-plan: the sessions (their check-ins and new times), readiness and
 * progress refetch. Lives in app/ because it spans features that must not import each other.
 */
export function useRefreshLivingPlan() {
  const client = useQueryClient();
  return useCallback(() => {
    void Promise.all([
      client.invalidateQueries({ queryKey: sessionKeys.all }),
      client.invalidateQueries({ queryKey: livingPlanKeys.all }),
      client.invalidateQueries({ queryKey: progressKeys.all }),
    ]);
  }, [client]);
}
