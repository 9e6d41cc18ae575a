import { calendarFeedEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedKeys } from './keys';

/** POST /api/calendar-feed: turns the feed on with a new address; the old one stops at once. */
export function renewCalendarFeed() {
  return apiRequest(calendarFeedEndpoints.renew);
}

/** Turns the feed on or makes a new link; errors go to the app's error dialog. */
export function useRenewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) => client.setQueryData(calendarFeedKeys.mine(), feed),
  });
}
