import { aiEndpoints, type LessonQuestionInput } from '@studybuddy/contracts';
import { apiStream } from '@/lib/sse';

/**
 * POST /lessons/{lessonId}/ai-bot with { question, language }, streamed: `onDelta` gets each
 * new piece of the answer as it is written; the promise resolves with the final answer and its
 * passages. Aborting `signal` (the Stop button) stops it.
 */
export function askLessonBot(
  { lessonId, input }: { lessonId: number; input: LessonQuestionInput },
  stream: { onDelta: (text: string) => void; signal?: AbortSignal },
) {
  return apiStream(aiEndpoints.lessonBot, { params: { lessonId }, body: input, ...stream });
}
