import { calendarFeedEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedKeys } from './keys';

/** GET /api/calendar-feed */
export function getCalendarFeed(signal?: AbortSignal) {
  return apiRequest(calendarFeedEndpoints.get, { signal });
}

/** The card shows its own message when it cannot load; the rest of the profile still works. */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKeys.mine(),
    queryFn: ({ signal }) => getCalendarFeed(signal),
    meta: { handlesOwnErrors: true },
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
