import type { MaterialSentence } from '../../adapters/ai/ai-engine.js';
import { LESSON_TEMPLATE } from '../../adapters/ai/builtin-texts/index.js';
import { keyphrases } from '../../domain/nlp/keyphrases.js';
import { materialSentences } from '../../domain/nlp/nlp.js';
import { createSentenceIndex } from '../../domain/nlp/retrieval.js';
import type { materialFor, Source } from '../../domain/text/topic-material.js';
import { AppError } from '../../platform/app-error.js';
import type { LessonMaterialRepository } from './lesson-material.repository.js';

/** Text read from one subject's files for a topic; bounds the work one request can cause. */
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
export function createLessonMaterialService(deps: {
  repo: LessonMaterialRepository;
  /** `materialFor` off the event loop: the part of each file that belongs to the topic. */
  topicSection: (...args: Parameters<typeof materialFor>) => Promise<Source[]>;
}) {
  const { repo } = deps;
  return {
    async load(userId: number, lessonId: number): Promise<LessonMaterial> {
      const ctx = await repo.findLessonContext(userId, lessonId);
      if (!ctx) throw AppError.notFound('Lesson not found.');
      const files = await repo.listSubjectFiles(userId, ctx.subjectId);
      const others = await repo.listOtherTopicNames(userId, ctx.subjectId, ctx.topicId);
      // Cards, quizzes and the helper read the topic's own section of the subject's files,
      // never the sections of its sibling topics.
      const sections = await deps.topicSection(
        ctx.topicName,
        files.map((f) => ({ name: f.originalName, text: f.textContent })),
        MAX_FILE_CHARS,
        others,
      );
      const fileSentences = sections.flatMap((f) =>
        materialSentences(f.text, f.name, LESSON_TEMPLATE),
      );
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

/**
 * The lesson plus the topic's file sentences: all of them when the section is short, else the
 * ones closest to the lesson (BM25), in their original order. A short section is kept whole
 * because its topic's own words may be stop words ("ser y estar") that no search can match.
 */
export function focusedMaterial(m: LessonMaterial): MaterialSentence[] {
  if (m.files.length <= RELATED_SENTENCES) return [...m.lesson, ...m.files];
  const terms = keyphrases(m.lesson, 8).map((k) => k.text);
  const query = [m.topicName, m.title, ...terms].join(' ');
  const hits = createSentenceIndex(m.files)
    .search(query, RELATED_SENTENCES)
    .map((h) => h.index)
    .sort((a, b) => a - b);
  return [...m.lesson, ...hits.map((i) => m.files[i] as MaterialSentence)];
}
