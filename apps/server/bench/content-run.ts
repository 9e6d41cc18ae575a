/**
 * What both corpora of the content benchmark run the engine with: the sizes the services ask
 * for, the engine's own words (never material), and a lesson's material loaded through the
 * lesson-material service over an in-memory repository, as flashcards and quizzes load it.
 */

import type { AiEngine } from '../src/adapters/ai/ai-engine.js';
import {
  BUILTIN_TEXTS,
  LESSON_TEMPLATE,
  textsFor,
} from '../src/adapters/ai/builtin-texts/index.js';
import { lessonSentences } from '../src/domain/nlp/lesson-sentences.js';
import type { Language } from '../src/domain/text/language.js';
import {
  createLessonMaterialService,
  type LessonMaterial,
  type LessonMaterialRepository,
} from '../src/features/lesson-material/index.js';
import { engineFragments } from './content-metrics.js';

// The sizes the flashcards and quizzes services ask for.
export { DECK_SIZE as DECK_MAX, QUIZ_SIZE as QUIZ_MAX } from '../src/domain/nlp/sizes.js';

// The engine's own words in every language: a lesson keeps the language it was written in.
export const FRAGMENTS = engineFragments(
  Object.values(BUILTIN_TEXTS).flatMap((t) => [t.lesson, t.deepDive, t.lessonHelper]),
  engineFragments(Object.values(BUILTIN_TEXTS).map((t) => t.cards)),
);

export const refusalFragments = (language: Language) => {
  const t = textsFor(language).lessonHelper;
  return engineFragments([{ notFound: t.notFound, noMaterial: t.noMaterial }]);
};

/** Loads a lesson's material through the lesson-material service, as flashcards and quizzes do. */
export function lessonMaterial(l: {
  lessonId: number;
  title: string;
  latexContent: string;
  topicName: string;
  siblings: string[];
  subjectName: string;
  files: { name: string; text: string }[];
}): Promise<LessonMaterial> {
  const repo = {
    findLessonContext: async () => ({
      lessonId: l.lessonId,
      title: l.title,
      latexContent: l.latexContent,
      topicId: l.lessonId,
      topicName: l.topicName,
      subjectId: 1,
      subjectName: l.subjectName,
      examDate: null,
      timeZone: 'UTC',
    }),
    listOtherTopicNames: async () => l.siblings,
    listSubjectFiles: async () =>
      l.files.map((f) => ({ originalName: f.name, textContent: f.text })),
  } as unknown as LessonMaterialRepository;
  const service = createLessonMaterialService({
    repo,
    sentences: async (input) => lessonSentences(input, LESSON_TEMPLATE),
  });
  return service.load(1, l.lessonId);
}

/** The lesson helper's answer to a question on a lesson's material, as the lesson page asks it. */
export function lessonHelper(ai: AiEngine, m: LessonMaterial, language: Language) {
  return async (question: string) =>
    (
      await ai.answerLesson({
        question,
        lessonTitle: m.title,
        material: [...m.lesson, ...m.files],
        language,
      })
    ).value;
}
