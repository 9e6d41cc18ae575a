import type { Notice } from '@studybuddy/contracts';
import type { AiEngine, Language, SourceText } from '../../adapters/ai/ai-engine.js';
import { notice } from '../../domain/notices.js';

/**
 * The job kind that wrote one topic's deep dive and first lesson before a plan's content became
 * one job (plan-content.ts). None are made now; those an earlier version queued run as a plan's
 * job of their one topic.
 */
export const TOPIC_CONTENT_JOB = 'topic-content';

export interface TopicContentPayload {
  topicId: number;
  planId: number;
  subjectName: string;
  topicName: string;
  /** The student's key topics for the subject: what they asked for. */
  prompt: string;
  /** The part of the subject's files about this topic. */
  sources: SourceText[];
  /** The student's language; absent: the material's. */
  language?: Language;
}

/** What a job writes on a topic. */
export interface TopicContent {
  deepDive: string;
  lesson: { title: string; latexContent: string };
  status: 'written' | 'not-written';
  note: Notice | null;
}

/** What writing a topic needs. */
export interface TopicWriterDeps {
  repo: {
    /** False when the topic is gone (its plan deleted meanwhile). */
    writeTopicContent(userId: number, topicId: number, content: TopicContent): Promise<boolean>;
  };
  /** A topic of this plan changed (for the progress stream). */
  onWritten(userId: number, planId: number): void;
}

/** The two calls that write a topic, the only ones a plan's job makes (plan-content.ts). */
export type TopicEngine = Pick<AiEngine, 'deepDive' | 'lesson'>;

type Reason = 'timeout' | 'rate_limited' | 'http_error' | 'invalid_output' | 'budget';
const REASONS = new Set<string>([
  'timeout',
  'rate_limited',
  'http_error',
  'invalid_output',
  'budget',
]);

/** The notice naming why the model did not write a topic (ModelCallError's reason). */
export function failureNotice(error: unknown): Notice {
  const reason = (error as { reason?: unknown }).reason;
  const known: Reason =
    typeof reason === 'string' && REASONS.has(reason) ? (reason as Reason) : 'http_error';
  return notice(`ai_fallback_${known}`);
}

/**
 * Writes a topic's deep dive and lesson with `engine`: exactly two calls, the deep dive first
 * (the lesson is written from it). Stopped (`signal`) between them, it writes nothing: the job
 * runs again elsewhere. A failed call throws (a model engine made for jobs: ModelCallError).
 */
export async function writeTopic(
  deps: TopicWriterDeps,
  engine: TopicEngine,
  p: TopicContentPayload,
  userId: number,
  signal: AbortSignal,
  status: TopicContent['status'],
  note: Notice | null,
): Promise<void> {
  const deepDive = await engine.deepDive({
    subjectName: p.subjectName,
    topicName: p.topicName,
    prompt: p.prompt,
    sources: p.sources,
    ...(p.language ? { language: p.language } : {}),
  });
  // Stopped mid-way: another run writes it; a second call now would be wasted.
  if (signal.aborted) return;
  const lesson = await engine.lesson({
    subjectName: p.subjectName,
    topicName: p.topicName,
    content: deepDive.value,
    ...(p.language ? { language: p.language } : {}),
  });
  if (signal.aborted) return;
  const thin = [...deepDive.warnings, ...lesson.warnings][0] ?? null;
  await deps.repo.writeTopicContent(userId, p.topicId, {
    deepDive: deepDive.value,
    lesson: { title: p.topicName, latexContent: lesson.value },
    status,
    note: note ?? thin,
  });
  deps.onWritten(userId, p.planId);
}
