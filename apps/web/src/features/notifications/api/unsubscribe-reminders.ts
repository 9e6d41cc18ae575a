import { notificationEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/reminders/unsubscribe with the signed token of an e-mail's link. Public: it works
 * signed out, so it sends no Bearer token and never tries to refresh a session.
 */
export function unsubscribeReminders(token: string) {
  return apiRequest(notificationEndpoints.unsubscribe, { body: { token }, auth: false });
}

/** Turns lesson reminders off; the page shows the outcome itself. */
export function useUnsubscribeReminders() {
  return useMutation({
    mutationFn: unsubscribeReminders,
    meta: { handlesOwnErrors: true },
  });
}
