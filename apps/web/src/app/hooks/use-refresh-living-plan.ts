import type { StudySession } from '@studybuddy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { livingPlanKeys } from '@/features/living-plan/api/keys';
import { progressKeys } from '@/features/progress/api/keys';
import { sessionKeys } from '@/features/study-sessions/api/keys';

/**
 * After a check-in or a re-plan: the sessions (their check-ins and new times), readiness and
 * progress refetch. A session checked in comes first into the list as it now is, so a check-in
 * kept for later (no signal, no refetch) shows at once. Lives in app/ because it spans features
 * that must not import each other.
 */
export function useRefreshLivingPlan() {
  const client = useQueryClient();
  return useCallback(
    (changed?: StudySession) => {
      if (changed)
        client.setQueryData<StudySession[]>(sessionKeys.mine(), (list) =>
          list?.map((s) => (s.id === changed.id ? changed : s)),
        );
      void Promise.all([
        client.invalidateQueries({ queryKey: sessionKeys.all }),
        client.invalidateQueries({ queryKey: livingPlanKeys.all }),
        client.invalidateQueries({ queryKey: progressKeys.all }),
      ]);
    },
    [client],
  );
}
