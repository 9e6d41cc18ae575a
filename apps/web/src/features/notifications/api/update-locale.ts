import { type LocaleInput, notificationEndpoints } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/account/locale: the language and time zone the student's e-mails are written in. */
export function updateLocale(input: LocaleInput) {
  return apiRequest(notificationEndpoints.locale, { body: input });
}

/** Sent in the background: a failure shows nothing and is tried again on the next change. */
export function useUpdateLocale() {
  return useMutation({
    mutationFn: updateLocale,
    meta: { handlesOwnErrors: true, silent: true },
  });
}
