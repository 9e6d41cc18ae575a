import type { Notice, ReadinessStatus } from '@studybuddy/contracts';
import type { CardDraft, QuestionDraft } from '../../domain/nlp/generate.js';
import type { Language } from '../../domain/text/language.js';

/** A file or note the student gave us, as plain text. */
export interface SourceText {
  name: string;
  text: string;
}

export interface DeepDiveRequest {
  subjectName: string;
  topicName: string;
  /** What the student asked for, if anything. */
  prompt: string;
  sources: SourceText[];
  /** The student's language, for the engine's own words; else the material's. */
  language?: Language;
}

export interface LessonRequest {
  subjectName: string;
  topicName: string;
  /** The topic's deep-dive content or notes (HTML or text), if any. */
  content: string | null;
  /** The student's language, for the engine's own words; else the content's. */
  language?: Language;
}

export interface Generated<T> {
  value: T;
  /** Things the student should know (a fallback was used, a file was unreadable...). */
  warnings: Notice[];
  /** What produced the value: `builtin` or `<provider>/<model>`. */
  engine?: string;
}

/** The languages the app speaks; a model is asked to answer in the student's one. */
export type { Language } from '../../domain/text/language.js';

/** A sentence of the student's material (lesson or file) and where it comes from. */
export interface MaterialSentence {
  text: string;
  /** The lesson title or a file name. */
  source: string;
  /** A lead-in's list: the items under it, as written. */
  items?: string[];
  /** The list is numbered: its items are steps in that order. */
  ordered?: boolean;
}

export interface TopicsRequest {
  subjectName: string;
  /** The student's own list of key topics (free text); always kept. */
  keyTopics: string;
  sources: SourceText[];
  max: number;
}

export interface TopicSuggestion {
  name: string;
  keyTerms: string[];
}

/** Flashcards and quizzes are made from the lesson and the relevant part of the files. */
export interface LessonMaterialRequest {
  lessonTitle: string;
  subjectName: string;
  material: MaterialSentence[];
  language: Language;
  max: number;
  /** Varies a regenerated quiz deterministically. */
  seed: number;
}

export interface LessonQuestionRequest {
  question: string;
  /** The help button: the lesson's key points, whatever `question` says. */
  overview?: boolean;
  lessonTitle: string;
  material: MaterialSentence[];
  language: Language;
}

export interface GroundedReply {
  answer: string;
  /** False when the material does not cover the question (the answer says so). */
  covered: boolean;
  passages: { source: string; text: string }[];
}

export interface SubjectProgress {
  name: string;
  planName: string;
  /** The subject's exam day, YYYY-MM-DD in the plan's time zone. */
  deadline: string | null;
  topicsTotal: number;
  topicsCompleted: number;
  /**
   * The plan's readiness for the subject (the readiness card's figures): hours checked in as
   * done and hours needed by the deadline. Absent when it could not be read.
   */
  hours?:
    | {
        done: number;
        needed: number;
        /** Hours of sessions still to come before the deadline. */
        planned: number;
        /** The card's verdict: ready in time, at risk, or behind. */
        status: ReadinessStatus;
      }
    | undefined;
}

export interface SessionInfo {
  title: string;
  subjectName: string;
  topicName: string | null;
  startAt: string;
  endAt: string;
}

/** The student's real schedule: subjects and sessions of active plans only. */
export interface StudyContext {
  now: Date;
  timeZone: string;
  subjects: SubjectProgress[];
  sessions: SessionInfo[];
  /** The student's busy time (lectures, shifts) from today for a week, in `timeZone`. */
  busy?: BusyInfo[];
}

/** One occurrence of busy time: a local date and HH:MM times in the context's time zone. */
export interface BusyInfo {
  title: string;
  date: string;
  startTime: string;
  endTime: string;
}

export interface ChatTurn {
  role: 'user' | 'model';
  text: string;
}

export interface ChatRequest {
  message: string;
  /** Earlier turns, oldest first (the current message not included). */
  history: ChatTurn[];
  language: Language;
  context: StudyContext;
}

/**
 * The one interface every AI feature uses. Providers: the builtin offline engine (default) and
 * LLM providers (openai-compatible, gemini, anthropic) that fall back to it with a warning.
 * No method throws for a provider failure.
 */
export interface AiEngine {
  /** Topics for a subject: the student's own first, then ones found in the files. */
  topics(request: TopicsRequest): Promise<Generated<TopicSuggestion[]>>;
  /** Safe HTML (escaped text in a fixed set of tags): a deep dive and study checklist. */
  deepDive(request: DeepDiveRequest): Promise<Generated<string>>;
  /** A lesson in Markdown with math kept intact (no raw HTML). */
  lesson(request: LessonRequest): Promise<Generated<string>>;
  flashcards(request: LessonMaterialRequest): Promise<Generated<CardDraft[]>>;
  quiz(request: LessonMaterialRequest): Promise<Generated<QuestionDraft[]>>;
  /** An answer grounded in the lesson and the subject's files, with the passages used. */
  answerLesson(request: LessonQuestionRequest): Promise<Generated<GroundedReply>>;
  /** A chat reply in Markdown. */
  chat(request: ChatRequest): Promise<Generated<string>>;
  /**
   * `chat`, streamed: each new piece of the reply goes to `onDelta` as it is written, then the
   * checked reply is returned (authoritative: the builtin engine's when the model's failed the
   * checks). When `signal` aborts, the model call is abandoned and the reply so far returned.
   */
  chatStream(
    request: ChatRequest,
    onDelta: OnDelta,
    signal?: AbortSignal,
  ): Promise<Generated<string>>;
  /** `answerLesson`, streamed as `chatStream` is: the deltas are pieces of `answer`. */
  answerLessonStream(
    request: LessonQuestionRequest,
    onDelta: OnDelta,
    signal?: AbortSignal,
  ): Promise<Generated<GroundedReply>>;
}

/** Receives the next piece of a reply being written. */
export type OnDelta = (text: string) => void;

/**
 * A streamed call for an engine that answers in one go: one delta with the whole text (none
 * for an empty one, or when the client has gone), then the answer.
 */
export async function inOneGo<T>(
  answer: Promise<Generated<T>>,
  text: (value: T) => string,
  onDelta: OnDelta,
  signal?: AbortSignal,
): Promise<Generated<T>> {
  const r = await answer;
  const whole = text(r.value);
  if (whole && !signal?.aborted) onDelta(whole);
  return r;
}
