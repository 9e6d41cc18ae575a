import { type BusyTimeInput, busyTimeEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { busyTimeKeys } from './keys';

/** POST /api/busy-times, or PUT /api/busy-times/{id} when an id is given. */
export function saveBusyTime({ id, input }: { id?: number | undefined; input: BusyTimeInput }) {
  return id === undefined
    ? apiRequest(busyTimeEndpoints.create, { body: input })
    : apiRequest(busyTimeEndpoints.update, { params: { id }, body: input });
}

/** DELETE /api/busy-times/{id}. */
export function deleteBusyTime(id: number) {
  return apiRequest(busyTimeEndpoints.remove, { params: { id } });
}

export function useSaveBusyTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBusyTime,
    onSuccess: () => client.invalidateQueries({ queryKey: busyTimeKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}

export function useDeleteBusyTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBusyTime,
    onSuccess: () => client.invalidateQueries({ queryKey: busyTimeKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}
