import {
  authEndpoints,
  type PasswordResetConfirm,
  type PasswordResetRequest,
} from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/password-reset: e-mails a reset link (the same answer for any address). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest(authEndpoints.passwordReset, { body: input, auth: false }),
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/auth/password-reset/confirm: the new password, with the link's token. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) =>
      apiRequest(authEndpoints.passwordResetConfirm, { body: input, auth: false }),
    meta: { handlesOwnErrors: true },
  });
}
