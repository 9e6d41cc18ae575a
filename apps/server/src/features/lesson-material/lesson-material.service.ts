import type { MaterialSentence } from '../../adapters/ai/ai-engine.js';
import type { LessonSentences, LessonSentencesInput } from '../../domain/nlp/lesson-sentences.js';
import { AppError } from '../../platform/app-error.js';
import type { LessonMaterialRepository } from './lesson-material.repository.js';

/** Text read from one subject's files for a topic; bounds the work one request can cause. */
const MAX_FILE_CHARS = 400_000;

/** Where a lesson sits: what every lesson feature checks first, with no text work. */
export interface LessonContext {
  lessonId: number;
  title: string;
  topicName: string;
  subjectName: string;
  /** The subject's exam day, YYYY-MM-DD in `timeZone`, or null. */
  examDate: string | null;
  /** The plan's time zone (UTC for a plan made without one). */
  timeZone: string;
}

export interface LessonMaterial extends LessonContext {
  lesson: MaterialSentence[];
  files: MaterialSentence[];
  /** The lesson, then the file sentences closest to it: what cards and quizzes are made from. */
  focused: MaterialSentence[];
}

/**
 * The student's own material for a lesson: the lesson's sentences and the subject's uploaded
 * files, as data (headings, questions and instruction-like text dropped). Both engines work
 * from it, so grounding is the same whichever answers.
 */
export function createLessonMaterialService(deps: {
  repo: LessonMaterialRepository;
  /** `lessonSentences` off the event loop (the work pool): language work over the files. */
  sentences: (input: LessonSentencesInput) => Promise<LessonSentences>;
}) {
  const { repo } = deps;

  async function find(userId: number, lessonId: number) {
    const ctx = await repo.findLessonContext(userId, lessonId);
    if (!ctx) throw AppError.notFound('Lesson not found.');
    return ctx;
  }

  function contextOf(ctx: Awaited<ReturnType<typeof find>>): LessonContext {
    return {
      lessonId: ctx.lessonId,
      title: ctx.title,
      topicName: ctx.topicName,
      subjectName: ctx.subjectName,
      examDate: ctx.examDate,
      timeZone: ctx.timeZone ?? 'UTC',
    };
  }

  return {
    /** The student's lesson, or 404: for what needs the lesson but not its material. */
    async context(userId: number, lessonId: number): Promise<LessonContext> {
      return contextOf(await find(userId, lessonId));
    },

    async load(userId: number, lessonId: number): Promise<LessonMaterial> {
      const ctx = await find(userId, lessonId);
      const files = await repo.listSubjectFiles(userId, ctx.subjectId);
      const others = await repo.listOtherTopicNames(userId, ctx.subjectId, ctx.topicId);
      // Cards, quizzes and the helper read the topic's own section of the subject's files,
      // never the sections of its sibling topics.
      const sentences = await deps.sentences({
        topicName: ctx.topicName,
        lessonTitle: ctx.title,
        lessonText: ctx.latexContent,
        files: files.map((f) => ({ name: f.originalName, text: f.textContent })),
        maxChars: MAX_FILE_CHARS,
        otherTopics: others,
      });
      return { ...contextOf(ctx), ...sentences };
    },
  };
}
export type LessonMaterialService = ReturnType<typeof createLessonMaterialService>;
