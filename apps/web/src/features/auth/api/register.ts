import { authEndpoints, type RegisterInput } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/authentication/register; answers with the new user (not logged in yet). */
export function register(input: RegisterInput) {
  return apiRequest(authEndpoints.register, { body: input, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { handlesOwnErrors: true } });
}
