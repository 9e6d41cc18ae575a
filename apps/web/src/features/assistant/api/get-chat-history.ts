import { aiEndpoints } from '@studybuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assistantKeys } from './keys';

/** GET /ai/AiAssistance/history: the conversation so far, oldest first. */
export function getChatHistory(signal?: AbortSignal) {
  return apiRequest(aiEndpoints.history, { signal });
}

/**
 * Loaded afresh each time the panel opens (gcTime 0 drops it when the panel closes); the
 * panel says itself when it cannot be loaded.
 */
export const chatHistoryQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.history(),
    queryFn: ({ signal }) => getChatHistory(signal),
    staleTime: 0,
    gcTime: 0,
    meta: { handlesOwnErrors: true, silent: true },
  });

export function useChatHistory() {
  return useQuery(chatHistoryQueryOptions());
}
