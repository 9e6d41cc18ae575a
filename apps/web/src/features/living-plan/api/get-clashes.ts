import { livingPlanEndpoints } from '@studybuddy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { livingPlanKeys } from './keys';

/**
 * GET /api/busy-times/clashes: the sessions ahead that busy time covers. `stamp` changes when
 * the busy time the page shows was read again (saved, imported, refreshed), so the list follows.
 */
export function useClashes(stamp: string) {
  return useQuery({
    queryKey: livingPlanKeys.clashes(stamp),
    queryFn: ({ signal }) => apiRequest(livingPlanEndpoints.clashes, { signal }),
    // A side line of the calendar: when it cannot load, the calendar is still whole.
    meta: { handlesOwnErrors: true, silent: true },
  });
}
