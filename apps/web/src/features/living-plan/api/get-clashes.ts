import { livingPlanEndpoints } from '@studybuddy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { livingPlanKeys } from './keys';

/**
 * GET /api/busy-times/clashes: the sessions ahead that busy time covers. `stamp` changes when
 * the busy time the page shows was read again (saved, imported, refreshed), so the list follows;
 * null while that busy time is still loading (nothing is asked yet).
 */
export function useClashes(stamp: string | null) {
  return useQuery({
    queryKey: livingPlanKeys.clashes(stamp ?? ''),
    enabled: stamp !== null,
    queryFn: ({ signal }) => apiRequest(livingPlanEndpoints.clashes, { signal }),
    // A side line of the calendar: when it cannot load, the calendar is still whole.
    meta: { handlesOwnErrors: true, silent: true },
  });
}
