import { busyTimeEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { busyTimeKeys } from './keys';

/** GET /api/busy-times: the student's busy time, earliest first. */
export function getBusyTimes(signal?: AbortSignal) {
  return apiRequest(busyTimeEndpoints.list, { signal });
}

export const busyTimesQueryOptions = () =>
  queryOptions({
    queryKey: busyTimeKeys.mine(),
    queryFn: ({ signal }) => getBusyTimes(signal),
  });

export function useBusyTimes() {
  return useQuery(busyTimesQueryOptions());
}
