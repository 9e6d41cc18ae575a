import { setTimeout as sleep } from 'node:timers/promises';
import type { FairSlots } from '../../platform/fair-slots.js';
import type { JobContext, JobHandler } from '../../platform/job-runner.js';
import {
  failureNotice,
  type TopicContentPayload,
  type TopicEngine,
  type TopicWriterDeps,
  writeTopic,
} from './topic-content.js';

/** The job kind that writes a plan's content: each topic's deep dive and first lesson. */
export const PLAN_CONTENT_JOB = 'plan-content';

/** Runs of a plan's job at most; each asks again for the topics the last one did not write. */
export const PLAN_CONTENT_RUNS = 3;
/** Model calls per topic in one run: its deep dive, then its lesson (topic-content.ts). */
export const CALLS_PER_TOPIC_RUN = 2;
/** So a topic costs at most this many model calls, and a plan this many per topic. */
export const MAX_CALLS_PER_TOPIC = PLAN_CONTENT_RUNS * CALLS_PER_TOPIC_RUN;

/**
 * While this instance's budget of model calls (AI_GLOBAL_RATE_LIMIT_MAX) is spent, a topic asks
 * again this often: a refused call never reached the model, so it is not a try.
 */
const BUDGET_RECHECK_MS = 5_000;

export type PlanTopic = Omit<TopicContentPayload, 'planId'>;

export interface PlanContentPayload {
  planId: number;
  /** The topics to write, in the plan's order, each with its part of the subject's files. */
  topics: PlanTopic[];
}

export interface PlanContentDeps extends TopicWriterDeps {
  repo: TopicWriterDeps['repo'] & {
    /** The plan's topics still waiting for content (none once the plan is deleted). */
    writingTopicIds(userId: number, planId: number): Promise<Set<number>>;
  };
  /** The engine AI_PROVIDER chose; with a model, a failed call throws ModelCallError. */
  ai: TopicEngine;
  /** The builtin engine: what stands in for a topic the model did not write. */
  offline: TopicEngine;
  /**
   * This instance's places for background model calls (AI_CONCURRENCY), shared round-robin
   * between the students whose content is being written. A topic holds one for its two calls.
   */
  slots: FairSlots;
}

/** The plan's job handler; its `giveUp` is always there (the legacy kind calls it). */
export type PlanContentJob = JobHandler<PlanContentPayload> &
  Required<Pick<JobHandler<PlanContentPayload>, 'giveUp'>>;

/** A run that left topics to ask for again: why each failed, for the next run and the last. */
export class TopicsNotWritten extends Error {
  readonly retryable = true;
  constructor(
    readonly failures: Map<number, unknown>,
    /** The longest wait a provider asked for, so every ask is honoured; else a backoff. */
    readonly retryAfterMs: number | undefined,
  ) {
    const first = [...failures.values()][0];
    super(
      `${failures.size} topic(s) not written yet; first: ${first instanceof Error ? first.message : String(first)}`,
    );
    this.name = 'TopicsNotWritten';
  }
}

const retryable = (error: unknown) => (error as { retryable?: unknown }).retryable !== false;
const askedWait = (error: unknown) => {
  const ms = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
};

/** The engine, waiting while this instance's budget of model calls is spent (not a try). */
function paced(engine: TopicEngine, signal: AbortSignal): TopicEngine {
  const again = async <T>(call: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if ((error as { reason?: unknown }).reason !== 'budget') throw error;
        await sleep(Math.min(askedWait(error) ?? BUDGET_RECHECK_MS, BUDGET_RECHECK_MS), undefined, {
          signal,
        });
      }
    }
  };
  return {
    deepDive: (req) => again(() => engine.deepDive(req)),
    lesson: (req) => again(() => engine.lesson(req)),
  };
}

/**
 * A plan's content as one job, budgeted by the instance and not by the student (their AI budget
 * is for what they ask for themselves; the wizard's request took its point). A run writes the
 * topics still waiting, as many at once as there are places, each topic's two calls in one
 * place, in the plan's order, every topic saved as it is written. A topic the model refused
 * (400, 401, 404) gets the builtin engine's content at once; the others that failed are asked
 * for again by the next run, after the wait their provider asked for, else a backoff. After
 * PLAN_CONTENT_RUNS runs the builtin engine's content stands in, marked `not-written` with the
 * reason: at most MAX_CALLS_PER_TOPIC model calls per topic.
 */
export function createPlanContentJob(deps: PlanContentDeps): PlanContentJob {
  const standIn = (t: PlanTopic, planId: number, userId: number, why: unknown, ctx: JobContext) =>
    writeTopic(
      deps,
      deps.offline,
      { ...t, planId },
      userId,
      ctx.signal,
      'not-written',
      failureNotice(why),
    );

  return {
    maxAttempts: PLAN_CONTENT_RUNS,
    // As many plans at once as model calls: each has at least a place's share. The places are
    // the kind's own, so a plan that takes minutes never holds back a reminder.
    concurrency: deps.slots.size,
    fairByUser: true,

    async run(p, ctx) {
      const userId = ctx.userId as number;
      const writing = await deps.repo.writingTopicIds(userId, p.planId);
      const todo = p.topics.filter((t) => writing.has(t.topicId));
      const failures = new Map<number, unknown>();
      const ai = paced(deps.ai, ctx.signal);
      let next = 0;
      const worker = async () => {
        for (let t = todo[next++]; t && !ctx.signal.aborted; t = todo[next++]) {
          let release: () => void;
          try {
            release = await deps.slots.acquire(userId, ctx.signal);
          } catch {
            return; // stopped while waiting for a place
          }
          let failed: unknown;
          try {
            await writeTopic(
              deps,
              ai,
              { ...t, planId: p.planId },
              userId,
              ctx.signal,
              'written',
              null,
            );
          } catch (error) {
            failed = error ?? new Error('failed');
          } finally {
            release();
          }
          if (failed === undefined || ctx.signal.aborted) continue;
          if (retryable(failed)) {
            failures.set(t.topicId, failed);
            continue;
          }
          // A worker never throws: the others would go on writing after the run had ended.
          // A stand-in that could not be written is asked for again by the next run.
          await standIn(t, p.planId, userId, failed, ctx).catch(() =>
            failures.set(t.topicId, failed),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(deps.slots.size, todo.length) }, worker));
      if (ctx.signal.aborted || failures.size === 0) return;
      const waits = [...failures.values()].map(askedWait).filter((ms) => ms !== undefined);
      throw new TopicsNotWritten(failures, waits.length > 0 ? Math.max(...waits) : undefined);
    },

    async giveUp(p, error, ctx) {
      const userId = ctx.userId as number;
      const writing = await deps.repo.writingTopicIds(userId, p.planId);
      const failures = error instanceof TopicsNotWritten ? error.failures : undefined;
      for (const t of p.topics) {
        if (ctx.signal.aborted) return;
        if (writing.has(t.topicId))
          await standIn(t, p.planId, userId, failures?.get(t.topicId) ?? error, ctx);
      }
    },
  };
}

/** A job an earlier version queued for one topic (TOPIC_CONTENT_JOB), run as its plan's job. */
export function topicContentJob(plan: PlanContentJob): JobHandler<TopicContentPayload> {
  const asPlan = ({ planId, ...topic }: TopicContentPayload) => ({ planId, topics: [topic] });
  return {
    ...plan,
    run: (p, ctx) => plan.run(asPlan(p), ctx),
    giveUp: (p, error, ctx) => plan.giveUp(asPlan(p), error, ctx),
  };
}
