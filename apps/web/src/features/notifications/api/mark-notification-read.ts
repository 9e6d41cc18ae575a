import { notificationEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notifications/{id}/read; answers with the list as it now is. */
export function markNotificationRead(id: number) {
  return apiRequest(notificationEndpoints.read, { params: { id } });
}

/** Marks one notification read in the background: a failure leaves it unread, with no dialog. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (list) => client.setQueryData(notificationKeys.mine(), list),
    meta: { handlesOwnErrors: true, silent: true },
  });
}
