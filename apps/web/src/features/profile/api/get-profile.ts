import { profileEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /user/profile */
export function getProfile(signal?: AbortSignal) {
  return apiRequest(profileEndpoints.get, { signal });
}

/** A failed profile load shows no message; the form stays empty (docs/product.md, Errors). */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.mine(),
    queryFn: ({ signal }) => getProfile(signal),
    meta: { handlesOwnErrors: true },
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
