import { notificationEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notifications/read-all; answers with the list as it now is. */
export function markAllNotificationsRead() {
  return apiRequest(notificationEndpoints.readAll);
}

/** Marks every notification read; errors go to the app's error dialog, with no loading overlay. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (list) => client.setQueryData(notificationKeys.mine(), list),
    meta: { silent: true },
  });
}
