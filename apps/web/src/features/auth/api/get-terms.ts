import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetPaths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { authKeys } from './keys';

/** The Terms of Service as plain text, a static file served beside the app. */
export async function getTerms(): Promise<string> {
  const response = await fetch(assetPaths.termsOfService, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'not_found', response.statusText);
  return response.text();
}

export const termsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.terms(),
    queryFn: getTerms,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useTerms(enabled: boolean) {
  return useQuery({ ...termsQueryOptions(), enabled });
}
