import { type SchoolLinkInput, schoolSignInEndpoints } from '@studybuddy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { authKeys } from './keys';

/**
 * Where the school button leads: a full page load (not a client route), since the server sends
 * the browser on to the school's sign-in and takes it back.
 */
export const schoolSignInHref = schoolSignInEndpoints.start.path;

/** GET /api/auth/oidc/link: the account a school sign-in waits to be linked to. */
export function usePendingSchoolLink(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.pendingSchoolLink(),
    queryFn: ({ signal }) => apiRequest(schoolSignInEndpoints.pendingLink, { auth: false, signal }),
    enabled,
    retry: false,
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/auth/oidc/link: the password links the school account, then the session starts. */
export function useLinkSchoolAccount() {
  return useMutation({
    mutationFn: async (input: SchoolLinkInput) => {
      const auth = await apiRequest(schoolSignInEndpoints.link, { body: input, auth: false });
      startSession(auth);
      return auth;
    },
    meta: { handlesOwnErrors: true },
  });
}
