import type { LessonAnswer } from '@studybuddy/contracts';
import type { AiEngine, Language } from '../../adapters/ai/ai-engine.js';
import type { LessonMaterialService } from '../lesson-material/index.js';

/** The lesson helper: answers grounded in the lesson and the subject's files. */
export function createLessonBotService(deps: { material: LessonMaterialService; ai: AiEngine }) {
  return {
    /** `overview`: the help button, answered with the lesson's key points. */
    async ask(
      userId: number,
      lessonId: number,
      input: { question: string; overview: boolean; language: Language },
    ): Promise<LessonAnswer> {
      const { question, overview, language } = input;
      const m = await deps.material.load(userId, lessonId);
      const r = await deps.ai.answerLesson({
        question,
        ...(overview ? { overview } : {}),
        lessonTitle: m.title,
        material: [...m.lesson, ...m.files],
        language,
      });
      return { ...r.value, modelVersion: r.engine ?? 'builtin', warnings: r.warnings };
    },
  };
}
export type LessonBotService = ReturnType<typeof createLessonBotService>;
