import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { showApiError } from './error-dialog';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

export interface QueryMeta extends Record<string, unknown> {
  /** The caller shows its own error text; the generic error dialog stays closed. */
  handlesOwnErrors?: boolean;
  /** Optional text for the loading overlay while this call runs (a translation key). */
  loadingMessage?: string;
  /** Background calls that should not show the loading overlay. */
  silent?: boolean;
}

function shouldReport(error: unknown, meta: QueryMeta | undefined): boolean {
  if (meta?.handlesOwnErrors) return false;
  // An expired session sends the user to login; a dialog on top would only confuse.
  if (isApiError(error) && error.status === 401) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldReport(error, query.meta)) showApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (shouldReport(error, mutation.meta)) showApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
