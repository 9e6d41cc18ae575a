import {
  type AuthTokenResponse,
  authEndpoints,
  type LoginInput,
  type LoginTwoFactorInput,
  type TwoFactorRequired,
  twoFactorEndpoints,
} from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** POST /api/authentication/login; the server also sets the HttpOnly refresh cookie. */
export function login(input: LoginInput) {
  return apiRequest(authEndpoints.login, { body: input, auth: false });
}

/**
 * Logs in and starts the in-memory session, or answers the challenge of an account with
 * two-step sign-in (the code comes next); the calling form shows its own errors.
 */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<AuthTokenResponse | TwoFactorRequired> => {
      const auth = await login(input);
      if (!('twoFactorRequired' in auth)) startSession(auth);
      return auth;
    },
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/authentication/login/two-factor: the code finishes the login, then the session. */
export function useLoginTwoFactor() {
  return useMutation({
    mutationFn: async (input: LoginTwoFactorInput) => {
      const auth = await apiRequest(twoFactorEndpoints.login, { body: input, auth: false });
      startSession(auth);
      return auth;
    },
    meta: { handlesOwnErrors: true },
  });
}
