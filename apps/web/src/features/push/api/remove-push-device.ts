import { pushEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stopThisBrowsersPush, storedPushDeviceId } from '@/lib/browser-push';
import { pushKeys } from './keys';

/**
 * DELETE /api/push/subscriptions/:id: no more pushes to that device. This browser's own device
 * also drops its subscription here.
 */
export async function removePushDevice(id: number) {
  if (id === storedPushDeviceId()) await stopThisBrowsersPush();
  else await apiRequest(pushEndpoints.remove, { params: { id } });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    // The server's list and this browser's subscription both change.
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
