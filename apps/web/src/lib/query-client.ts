import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
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

function shouldReport(error: unknown, meta: QueryMeta | undefined, hasData = false): boolean {
  if (meta?.handlesOwnErrors) return false;
  // No answer at all while the screen shows the kept copy: the offline line says so already.
  if (hasData && isApiError(error) && error.status === 0) return false;
  // An expired session sends the user to login; a dialog on top would only confuse.
  if (isApiError(error) && error.status === 401) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  // The online manager starts "online" and learns only from later events: an app opened with no
  // signal would send every query and show its failure instead of pausing it over the kept copy.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    onlineManager.setOnline(false);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldReport(error, query.meta, query.state.data !== undefined)) showApiError(error);
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
