import type { MaterialSentence } from '../../adapters/ai/ai-engine.js';
import { LESSON_TEMPLATE } from '../../adapters/ai/builtin-texts/index.js';
import { keyphrases } from '../../domain/nlp/keyphrases.js';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { createSentenceIndex } from '../../domain/nlp/retrieval.js';
import { AppError } from '../../platform/app-error.js';
import type { LessonMaterialRepository } from './lesson-material.repository.js';

/** Text read from one subject's files; bounds the work one request can cause. */
const MAX_FILE_CHARS = 400_000;
/** File sentences that join the lesson for flashcards and quizzes. */
const RELATED_SENTENCES = 40;

export interface LessonMaterial {
  lessonId: number;
  title: string;
  topicName: string;
  subjectName: string;
  /** The subject's exam day, YYYY-MM-DD in `timeZone`, or null. */
  examDate: string | null;
  /** The plan's time zone (UTC for a plan made without one). */
  timeZone: string;
  lesson: MaterialSentence[];
  files: MaterialSentence[];
}

/**
 * The student's own material for a lesson: the lesson's sentences and the subject's uploaded
 * files, as data (headings, questions and instruction-like text dropped). Both engines work
 * from it, so grounding is the same whichever answers.
 */
export function createLessonMaterialService(deps: { repo: LessonMaterialRepository }) {
  const { repo } = deps;
  return {
    async load(userId: number, lessonId: number): Promise<LessonMaterial> {
      const ctx = await repo.findLessonContext(userId, lessonId);
      if (!ctx) throw AppError.notFound('Lesson not found.');
      const files = await repo.listSubjectFiles(userId, ctx.subjectId);
      let budget = MAX_FILE_CHARS;
      const fileSentences: MaterialSentence[] = [];
      for (const f of files) {
        if (budget <= 0) break;
        const text = f.textContent.slice(0, budget);
        budget -= text.length;
        fileSentences.push(...materialSentences(text, f.originalName, LESSON_TEMPLATE));
      }
      return {
        lessonId: ctx.lessonId,
        title: ctx.title,
        topicName: ctx.topicName,
        subjectName: ctx.subjectName,
        examDate: ctx.examDate,
        timeZone: ctx.timeZone ?? 'UTC',
        lesson: materialSentences(ctx.latexContent, ctx.title, LESSON_TEMPLATE),
        files: fileSentences,
      };
    },
  };
}
export type LessonMaterialService = ReturnType<typeof createLessonMaterialService>;

/** The lesson plus the file sentences closest to it (BM25), in their original order. */
export function focusedMaterial(m: LessonMaterial): MaterialSentence[] {
  if (m.files.length === 0) return m.lesson;
  const terms = keyphrases(m.lesson, 8).map((k) => k.text);
  const query = [m.topicName, m.title, ...terms].join(' ');
  const hits = createSentenceIndex(m.files)
    .search(query, RELATED_SENTENCES)
    .map((h) => h.index)
    .sort((a, b) => a - b);
  return [...m.lesson, ...hits.map((i) => m.files[i] as MaterialSentence)];
}
