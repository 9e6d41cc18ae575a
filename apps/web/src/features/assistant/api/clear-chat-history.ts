import { aiEndpoints } from '@studybuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assistantKeys } from './keys';

/** DELETE /ai/AiAssistance/history: forgets the conversation. */
export function clearChatHistory() {
  return apiRequest(aiEndpoints.clearHistory);
}

export function useClearChatHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearChatHistory,
    onSuccess: () => client.setQueryData(assistantKeys.history(), { messages: [] }),
    meta: { handlesOwnErrors: true, silent: true },
  });
}
