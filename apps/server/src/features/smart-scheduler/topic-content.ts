import type { Notice } from '@studybuddy/contracts';
import type { AiEngine, Language, SourceText } from '../../adapters/ai/ai-engine.js';
import { notice } from '../../domain/notices.js';
import type { JobContext, JobHandler } from '../../platform/job-runner.js';

/** The job kind that writes one topic's deep dive and first lesson. */
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

/** The student's AI budget (shared by every AI route): one point per model call. */
export interface AiBudget {
  consume(userId: number, points: number): Promise<{ allowed: boolean; retryAfterSec?: number }>;
}

/** What a job writes on a topic. */
export interface TopicContent {
  deepDive: string;
  lesson: { title: string; latexContent: string };
  status: 'written' | 'not-written';
  note: Notice | null;
}

export interface TopicContentDeps {
  repo: {
    /** False once the topic is gone (its plan deleted) or no longer waiting for content. */
    isTopicWriting(userId: number, topicId: number): Promise<boolean>;
    writeTopicContent(userId: number, topicId: number, content: TopicContent): Promise<boolean>;
  };
  /** The engine AI_PROVIDER chose; with a model it throws ModelCallError on failure. */
  ai: AiEngine;
  /** The builtin engine: past the student's budget, and after the last failed try. */
  offline: AiEngine;
  /** Set when `ai` calls a model: two points of the student's AI budget per topic, waited for. */
  budget?: AiBudget;
  /** A topic of this plan changed (for the progress stream). */
  onWritten(userId: number, planId: number): void;
}

type Reason = 'timeout' | 'rate_limited' | 'http_error' | 'invalid_output' | 'budget';
const REASONS = new Set<string>([
  'timeout',
  'rate_limited',
  'http_error',
  'invalid_output',
  'budget',
]);

/** The notice naming why the model did not write a topic (ModelCallError's reason). */
function failureNotice(error: unknown): Notice {
  const reason = (error as { reason?: unknown }).reason;
  const known: Reason =
    typeof reason === 'string' && REASONS.has(reason) ? (reason as Reason) : 'http_error';
  return notice(`ai_fallback_${known}`);
}

/**
 * Writes a topic's deep dive and lesson with the configured engine; a failure is retried by
 * the job runner, and after the last one the builtin engine's version stands in, marked
 * `not-written` with the reason.
 */
export function createTopicContentJob(deps: TopicContentDeps): JobHandler<TopicContentPayload> {
  async function write(
    engine: AiEngine,
    p: TopicContentPayload,
    userId: number,
    ctx: JobContext,
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
    if (ctx.signal.aborted) return;
    const lesson = await engine.lesson({
      subjectName: p.subjectName,
      topicName: p.topicName,
      content: deepDive.value,
      ...(p.language ? { language: p.language } : {}),
    });
    if (ctx.signal.aborted) return;
    const thin = [...deepDive.warnings, ...lesson.warnings][0] ?? null;
    await deps.repo.writeTopicContent(userId, p.topicId, {
      deepDive: deepDive.value,
      lesson: { title: p.topicName, latexContent: lesson.value },
      status,
      note: note ?? thin,
    });
    deps.onWritten(userId, p.planId);
  }

  return {
    async run(p, ctx) {
      const userId = ctx.userId as number;
      if (!(await deps.repo.isTopicWriting(userId, p.topicId))) return;
      if (deps.budget) {
        const decision = await deps.budget.consume(userId, 2);
        // The student's AI budget is spent for now: wait for it rather than write offline.
        if (!decision.allowed)
          throw Object.assign(new Error('the student AI budget is spent'), {
            deferred: true,
            retryAfterMs: (decision.retryAfterSec ?? 60) * 1000,
          });
      }
      await write(deps.ai, p, userId, ctx, 'written', null);
    },

    async giveUp(p, error, ctx) {
      const userId = ctx.userId as number;
      if (!(await deps.repo.isTopicWriting(userId, p.topicId))) return;
      await write(deps.offline, p, userId, ctx, 'not-written', failureNotice(error));
    },
  };
}
