import { authEndpoints, type LoginInput } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** POST /api/authentication/login; the server also sets the HttpOnly refresh cookie. */
export function login(input: LoginInput) {
  return apiRequest(authEndpoints.login, { body: input, auth: false });
}

/** Logs in and starts the in-memory session; the calling form shows its own errors. */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const auth = await login(input);
      startSession(auth);
      return auth;
    },
    meta: { handlesOwnErrors: true },
  });
}
