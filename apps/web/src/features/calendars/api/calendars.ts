import {
  type CalendarSubscribeInput,
  type CalendarUpdateInput,
  calendarEndpoints,
  calendarSubscribeInputSchema,
} from '@studybuddy/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Query keys of imported calendars and of the busy-time view they feed. */
export const calendarKeys = {
  all: ['calendars'] as const,
  list: () => [...calendarKeys.all, 'list'] as const,
  intervals: (from: string, to: string) => [...calendarKeys.all, 'intervals', from, to] as const,
};

/** GET /api/calendars: the student's imported calendars. */
export function useCalendars() {
  return useQuery({
    queryKey: calendarKeys.list(),
    queryFn: ({ signal }) => apiRequest(calendarEndpoints.list, { signal }),
    // A side line of the wizard and the dialog: a failure leaves the list out, no alarm.
    meta: { handlesOwnErrors: true, silent: true },
  });
}

/**
 * GET /api/busy-times/occurrences: every busy interval on the days from..to, typed and
 * imported; kept while the next range loads, so the grid does not flash empty on a step.
 */
export const busyIntervalsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: calendarKeys.intervals(from, to),
    queryFn: ({ signal }) =>
      apiRequest(calendarEndpoints.occurrences, { query: { from, to }, signal }),
  });

export function useBusyIntervals(from: string, to: string) {
  return useQuery({ ...busyIntervalsQueryOptions(from, to), placeholderData: keepPreviousData });
}

/** Every change to a calendar changes the busy time shown and planned around. */
function useCalendarMutation<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/calendars as multipart: the .ics file and an optional name. */
export function useImportCalendar() {
  return useCalendarMutation(({ file, name }: { file: File; name: string }) => {
    const form = new FormData();
    if (name.trim()) form.append('name', name.trim());
    form.append('file', file, file.name);
    return apiRequest(calendarEndpoints.create, { formData: form });
  });
}

/**
 * POST /api/calendars as JSON: a link to subscribe to. The one route takes a file (multipart) or
 * a link (JSON); its contract describes the file, so the link's body schema is given here.
 */
const subscribeEndpoint = { ...calendarEndpoints.create, body: calendarSubscribeInputSchema };

export function useSubscribeCalendar() {
  return useCalendarMutation((input: CalendarSubscribeInput) =>
    apiRequest(subscribeEndpoint, { body: input }),
  );
}

export function useUpdateCalendar() {
  return useCalendarMutation(({ id, input }: { id: number; input: CalendarUpdateInput }) =>
    apiRequest(calendarEndpoints.update, { params: { id }, body: input }),
  );
}

export function useRefreshCalendar() {
  return useCalendarMutation((id: number) =>
    apiRequest(calendarEndpoints.refresh, { params: { id } }),
  );
}

export function useRemoveCalendar() {
  return useCalendarMutation((id: number) =>
    apiRequest(calendarEndpoints.remove, { params: { id } }),
  );
}
