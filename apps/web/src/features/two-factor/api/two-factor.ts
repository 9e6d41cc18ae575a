import {
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
  type TwoFactorSetupInput,
  twoFactorEndpoints,
} from '@studybuddy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
};

/** GET /api/account/two-factor: on or off, and the recovery codes left. */
export const twoFactorStatusOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: ({ signal }) => apiRequest(twoFactorEndpoints.status, { signal }),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusOptions());
}

/** POST /api/account/two-factor/setup: a secret to scan (after the password). */
export function useSetupTwoFactor() {
  return useMutation({
    mutationFn: (input: TwoFactorSetupInput) =>
      apiRequest(twoFactorEndpoints.setup, { body: input }),
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/account/two-factor/enable: on with a first code; the recovery codes, once. */
export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      apiRequest(twoFactorEndpoints.enable, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status() }),
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/account/two-factor/disable: off, with the password and a code. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      apiRequest(twoFactorEndpoints.disable, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status() }),
    meta: { handlesOwnErrors: true },
  });
}
