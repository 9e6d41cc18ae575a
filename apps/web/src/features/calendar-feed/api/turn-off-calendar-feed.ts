import { calendarFeedEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedKeys } from './keys';

/** DELETE /api/calendar-feed: turns the feed off; its address stops at once. */
export function turnOffCalendarFeed() {
  return apiRequest(calendarFeedEndpoints.turnOff);
}

/** Turns the feed off; errors go to the app's error dialog. */
export function useTurnOffCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: (feed) => client.setQueryData(calendarFeedKeys.mine(), feed),
  });
}
