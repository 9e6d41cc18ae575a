/** Query keys of the calendar-feed feature. */
export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
  mine: () => [...calendarFeedKeys.all, 'mine'] as const,
};
