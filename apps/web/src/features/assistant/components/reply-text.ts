import type { ChatReply } from '@studybuddy/contracts';

/**
 * The reply text of the Gemini-shaped envelope: the first candidate's content parts, joined.
 * An empty string when there is none, which the panel shows as 'Sorry, I did not understand that.'
 */
export function replyText(reply: Pick<ChatReply, 'candidates'> | undefined): string {
  const parts = reply?.candidates?.[0]?.content?.parts ?? [];
  return parts
    .map((part) => part?.text ?? '')
    .join('')
    .trim();
}
