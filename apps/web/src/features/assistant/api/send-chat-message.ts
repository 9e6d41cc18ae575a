import { aiEndpoints, type ChatInput } from '@studybuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /ai/AiAssistance with { prompt, language }. */
export function sendChatMessage(input: ChatInput) {
  return apiRequest(aiEndpoints.chat, { body: input });
}

/** The panel shows its own failure text and its typing indicator instead of the overlay. */
export function useSendChatMessage() {
  return useMutation({
    mutationFn: sendChatMessage,
    meta: { handlesOwnErrors: true, silent: true },
  });
}
