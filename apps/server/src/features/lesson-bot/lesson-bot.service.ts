import type { LessonAnswer } from '@studybuddy/contracts';
import type {
  AiEngine,
  Language,
  LessonQuestionRequest,
  OnDelta,
} from '../../adapters/ai/ai-engine.js';
import type { LessonMaterialService } from '../lesson-material/index.js';

/** The lesson helper: answers grounded in the lesson and the subject's files. */
export function createLessonBotService(deps: { material: LessonMaterialService; ai: AiEngine }) {
  return {
    /**
     * `overview`: the help button, answered with the lesson's key points. With `stream`, each
     * new piece of the answer goes to `onDelta` as the engine writes it; `signal` abandons it.
     */
    async ask(
      userId: number,
      lessonId: number,
      input: { question: string; overview: boolean; language: Language },
      stream?: { onDelta: OnDelta; signal: AbortSignal },
    ): Promise<LessonAnswer> {
      const { question, overview, language } = input;
      const m = await deps.material.load(userId, lessonId);
      const request: LessonQuestionRequest = {
        question,
        ...(overview ? { overview } : {}),
        lessonTitle: m.title,
        material: [...m.lesson, ...m.files],
        language,
      };
      const r = stream
        ? await deps.ai.answerLessonStream(request, stream.onDelta, stream.signal)
        : await deps.ai.answerLesson(request);
      return { ...r.value, modelVersion: r.engine ?? 'builtin', warnings: r.warnings };
    },
  };
}
export type LessonBotService = ReturnType<typeof createLessonBotService>;
