import { pushEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pushKeys } from './keys';

/** GET /api/push/subscriptions: the student's devices that get push reminders. */
export function getPushDevices(signal?: AbortSignal) {
  return apiRequest(pushEndpoints.list, { signal });
}

/** The card says itself when the list could not be read. */
export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.devices(),
    queryFn: ({ signal }) => getPushDevices(signal),
    meta: { handlesOwnErrors: true },
  });

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions());
}
