import { notificationEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** How often the bell asks for new reminders while the student is signed in. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications: the newest notifications, newest first, and the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return apiRequest(notificationEndpoints.list, { signal });
}

export interface NotificationsQueryParams {
  enabled?: boolean;
  /** Only one observer polls, so two mounted observers do not double the requests. */
  poll?: boolean;
  /** Keep polling while the tab is hidden: worth it only when browser notifications may show. */
  pollInBackground?: boolean;
}

/** A background call: no loading overlay and no error dialog (the bell says it could not load). */
export const notificationsQueryOptions = ({
  enabled = true,
  poll = false,
  pollInBackground = false,
}: NotificationsQueryParams = {}) =>
  queryOptions({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    refetchInterval: enabled && poll ? NOTIFICATIONS_POLL_MS : false,
    refetchIntervalInBackground: enabled && poll && pollInBackground,
    refetchOnWindowFocus: enabled,
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useNotifications(params?: NotificationsQueryParams) {
  return useQuery(notificationsQueryOptions(params));
}
