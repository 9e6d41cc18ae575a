import { aiEndpoints, type ChatInput } from '@studybuddy/contracts';
import { apiStream } from '@/lib/sse';

/**
 * POST /ai/AiAssistance with { prompt, language }, streamed: `onDelta` gets each new piece of
 * the reply as the assistant writes it; the promise resolves with the final, checked reply.
 * Aborting `signal` (the Stop button) stops it; the server keeps the part written so far.
 */
export function sendChatMessage(
  input: ChatInput,
  stream: { onDelta: (text: string) => void; signal?: AbortSignal },
) {
  return apiStream(aiEndpoints.chat, { body: input, ...stream });
}
