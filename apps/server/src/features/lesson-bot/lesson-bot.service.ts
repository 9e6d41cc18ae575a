import type { LessonAnswer } from '@studybuddy/contracts';
import type { AiEngine, Language } from '../../adapters/ai/ai-engine.js';
import type { LessonMaterialService } from '../lesson-material/index.js';

/** The lesson helper: answers grounded in the lesson and the subject's files. */
export function createLessonBotService(deps: { material: LessonMaterialService; ai: AiEngine }) {
  return {
    async ask(
      userId: number,
      lessonId: number,
      question: string,
      language: Language,
    ): Promise<LessonAnswer> {
      const m = await deps.material.load(userId, lessonId);
      const r = await deps.ai.answerLesson({
        question,
        lessonTitle: m.title,
        material: [...m.lesson, ...m.files],
        language,
      });
      return { ...r.value, modelVersion: r.engine ?? 'builtin', warnings: r.warnings };
    },
  };
}
export type LessonBotService = ReturnType<typeof createLessonBotService>;
