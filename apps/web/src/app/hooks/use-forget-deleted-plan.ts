import type { StudySession } from '@studybuddy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionKeys } from '@/features/study-sessions/api/keys';
import { useRefreshStudyData } from './use-refresh-study-data';

/**
 * After a plan is deleted: its sessions leave the cached session list at once, then every plan
 * query refetches. The refetch alone left a window in which the calendar, opened right after,
 * drew the deleted plan's sessions from the cache until the new list came (seen on a slow CI
 * run of the study-plans journey).
 */
export function useForgetDeletedPlan() {
  const client = useQueryClient();
  const refresh = useRefreshStudyData();
  return useCallback(
    (planId: number) => {
      client.setQueryData(sessionKeys.mine(), (sessions: StudySession[] | undefined) =>
        sessions?.filter((s) => s.planId !== planId),
      );
      void refresh(planId);
    },
    [client, refresh],
  );
}
