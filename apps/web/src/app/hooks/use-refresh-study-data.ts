import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { livingPlanKeys } from '@/features/living-plan/api/keys';
import { invalidatePlans } from '@/features/plans/api/invalidate-plans';
import { progressKeys } from '@/features/progress/api/keys';
import { sessionKeys } from '@/features/study-sessions/api/keys';
import { subjectKeys } from '@/features/subjects/api/keys';
import { topicKeys } from '@/features/topics/api/keys';

/**
 * After a change inside a plan: the plan cache entry goes and every query that shows plan,
 * subject, topic, session or progress data refetches, so no screen shows what was before.
 * Lives in app/ because it spans features that must not import each other.
 */
export function useRefreshStudyData() {
  const client = useQueryClient();
  return useCallback(
    async (planId?: number) => {
      await Promise.all([
        invalidatePlans(client, planId),
        client.invalidateQueries({ queryKey: subjectKeys.all }),
        client.invalidateQueries({ queryKey: topicKeys.all }),
        client.invalidateQueries({ queryKey: sessionKeys.all }),
        client.invalidateQueries({ queryKey: progressKeys.all }),
        client.invalidateQueries({ queryKey: livingPlanKeys.all }),
      ]);
    },
    [client],
  );
}
