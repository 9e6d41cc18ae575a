import { randomUUID } from 'node:crypto';
import type { ClaimedJob, ClaimScope, JobQueue } from '../db/job-queue.js';

/** What a handler knows of the job it runs. */
export interface JobContext {
  id: number;
  userId: number | null;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when this instance stops: the job runs again elsewhere, so write nothing after. */
  signal: AbortSignal;
}

/**
 * One kind of job. `run` throws to fail an attempt: an error with `retryable: false` is not
 * tried again, one with `retryAfterMs` waits that long (a provider's retry-after), any other
 * waits a backoff. After the last attempt `giveUp` writes what stands in for the result. An
 * error with `deferred: true` says the job could not start yet: it waits (`retryAfterMs`)
 * without using up an attempt. `maxAttempts` and `maxDelayMs` override the runner's for this
 * kind: a job that decides itself when to stop (a reminder past its hour) may retry longer, and
 * more often, than a model call.
 */
export interface JobHandler<P = unknown> {
  run(payload: P, ctx: JobContext): Promise<void>;
  giveUp?(payload: P, error: unknown, ctx: JobContext): Promise<void>;
  /** Runs per job of this kind at most (the runner's `maxAttempts` unless given). */
  maxAttempts?: number;
  /** The longest wait between two runs of this kind (the runner's `maxDelayMs` unless given). */
  maxDelayMs?: number;
  /**
   * Places of its own: jobs of this kind in flight on this instance at most, apart from the
   * runner's `concurrency`, which the kinds without places of their own share. A kind whose
   * jobs run long (a plan's content, a minute or more) then never holds back a reminder.
   */
  concurrency?: number;
  /** Its jobs are claimed fairly between students (db/job-queue.ts, ClaimScope). */
  fairByUser?: boolean;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  queue: JobQueue;
  handlers: Record<string, JobHandler<never>>;
  /** Jobs in flight on this instance at most, of the kinds without places of their own. */
  concurrency: number;
  /** Runs per job at most (3). */
  maxAttempts?: number;
  /** A claim lasts this long unless renewed; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** How often the queue is read for due jobs (retries, other instances' enqueues). */
  pollMs?: number;
  /** The first retry's wait; doubled per attempt, with jitter. */
  backoffMs?: number;
  /** The longest wait a provider may ask for before the next try. */
  maxDelayMs?: number;
  /** SQLite (one instance): running jobs found at start-up died with their process. */
  releaseAllOnStart?: boolean;
  log: JobLogger;
  now?: () => number;
  random?: () => number;
}

const WEEK_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Runs the jobs of the `jobs` table (db/job-queue.ts) with at most `concurrency` in flight.
 * New jobs are picked up at once on `wake()` and by polling otherwise; a job whose instance
 * died is claimed again when its lease runs out, and `stop()` hands this instance's jobs back.
 */
export function createJobRunner(opts: JobRunnerOptions) {
  const owner = randomUUID();
  const maxAttempts = opts.maxAttempts ?? 3;
  const leaseMs = opts.leaseMs ?? 30_000;
  const pollMs = opts.pollMs ?? 1_000;
  const backoffMs = opts.backoffMs ?? 2_000;
  const maxDelayMs = opts.maxDelayMs ?? 10 * 60_000;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const { queue, log } = opts;
  // The shared places, then each kind with places of its own; a claim fills one group.
  const own = Object.entries(opts.handlers).filter(([, h]) => (h.concurrency ?? 0) > 0);
  const groups: { places: number; scope: ClaimScope; running: number }[] = [
    { places: opts.concurrency, scope: { otherThan: own.map(([kind]) => kind) }, running: 0 },
    ...own.map(([kind, h]) => ({
      places: h.concurrency as number,
      scope: { kinds: [kind], ...(h.fairByUser ? { fairByUser: true } : {}) },
      running: 0,
    })),
  ];
  const groupOf = (kind: string) =>
    groups.find((g) => g.scope.kinds?.includes(kind)) ?? (groups[0] as (typeof groups)[number]);
  const inFlight = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let timers: NodeJS.Timeout[] = [];
  let claiming = false;
  let again = false;
  let stopped = true;
  let lastSweep = 0;

  /** Waits before the next attempt: the provider's ask, else an exponential backoff with jitter. */
  function delayFor(error: unknown, attempt: number, cap = maxDelayMs): number {
    const asked = (error as { retryAfterMs?: unknown }).retryAfterMs;
    if (typeof asked === 'number' && Number.isFinite(asked) && asked >= 0)
      return Math.min(asked, cap);
    return Math.min(backoffMs * 2 ** (attempt - 1) * (0.5 + random()), cap);
  }

  async function execute(job: ClaimedJob, controller: AbortController): Promise<void> {
    const handler = opts.handlers[job.kind] as JobHandler | undefined;
    const ctx: JobContext = {
      id: job.id,
      userId: job.userId,
      attempt: job.attempts,
      signal: controller.signal,
    };
    try {
      if (!handler)
        throw Object.assign(new Error(`no handler for ${job.kind}`), { retryable: false });
      await handler.run(job.payload, ctx);
      if (controller.signal.aborted) return;
      await queue.complete(owner, job.id);
    } catch (error) {
      if (controller.signal.aborted) return; // released by stop(): another run will do it
      if ((error as { deferred?: unknown }).deferred === true) {
        const delay = delayFor(error, 1, handler?.maxDelayMs ?? maxDelayMs);
        await queue.retryLater(owner, job.id, now() + delay, describe(error), true);
        return;
      }
      const retryable = (error as { retryable?: unknown }).retryable !== false;
      if (retryable && job.attempts < (handler?.maxAttempts ?? maxAttempts)) {
        const delay = delayFor(error, job.attempts, handler?.maxDelayMs ?? maxDelayMs);
        log.warn(
          {
            event: 'job.retry',
            jobId: job.id,
            kind: job.kind,
            attempt: job.attempts,
            delayMs: Math.round(delay),
            error: describe(error),
          },
          'job failed; it will run again',
        );
        await queue.retryLater(owner, job.id, now() + delay, describe(error));
        return;
      }
      log.warn(
        {
          event: 'job.failed',
          jobId: job.id,
          kind: job.kind,
          attempt: job.attempts,
          error: describe(error),
        },
        'job failed for good',
      );
      try {
        await handler?.giveUp?.(job.payload, error, ctx);
      } catch (fallbackError) {
        log.error(
          {
            event: 'job.give_up_failed',
            jobId: job.id,
            kind: job.kind,
            error: describe(fallbackError),
          },
          'job fallback failed',
        );
      }
      await queue.fail(owner, job.id, describe(error));
    }
  }

  function start(job: ClaimedJob): void {
    const controller = new AbortController();
    const group = groupOf(job.kind);
    group.running++;
    const done = execute(job, controller)
      .catch((error: unknown) =>
        log.error(
          { event: 'job.error', jobId: job.id, error: describe(error) },
          'job runner error',
        ),
      )
      .finally(() => {
        inFlight.delete(job.id);
        group.running--;
        void tick();
      });
    inFlight.set(job.id, { controller, done });
  }

  /** Claims as many due jobs as there are free places, in each group of places. */
  async function tick(): Promise<void> {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        for (const group of groups) {
          const free = group.places - group.running;
          if (free <= 0 || stopped) continue;
          const jobs = await queue.claim(owner, free, leaseMs, group.scope);
          if (stopped) {
            await queue.release(
              owner,
              jobs.map((j) => j.id),
            );
            break;
          }
          for (const job of jobs) start(job);
          if (jobs.length === free) again = true;
        }
      } while (again && !stopped);
      if (now() - lastSweep > HOUR_MS) {
        lastSweep = now();
        await queue.sweep(now() - WEEK_MS);
      }
    } catch (error) {
      // The database may be restarting: the next poll tries again.
      log.warn(
        { event: 'job.claim_failed', error: describe(error) },
        'could not read the job queue',
      );
    } finally {
      claiming = false;
    }
  }

  return {
    owner,

    async start(): Promise<void> {
      if (opts.releaseAllOnStart) await queue.releaseAll();
      stopped = false;
      timers = [
        setInterval(() => void tick(), pollMs),
        setInterval(() => {
          queue
            .renew(owner, [...inFlight.keys()], leaseMs)
            .catch((error: unknown) =>
              log.warn(
                { event: 'job.renew_failed', error: describe(error) },
                'could not renew job leases',
              ),
            );
        }, leaseMs / 3),
      ];
      for (const t of timers) t.unref();
      void tick();
    },

    /** New jobs were added: claim them now rather than at the next poll. */
    wake(): void {
      void tick();
    },

    /** Stops claiming and hands the jobs in flight back to the queue, pending again. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      const ids = [...inFlight.keys()];
      for (const { controller } of inFlight.values()) controller.abort();
      await queue.release(owner, ids);
    },

    /** Jobs running on this instance now. */
    get running(): number {
      return inFlight.size;
    },

    /** Resolves once no job is pending or running anywhere (tests and benchmarks). */
    async idle(timeoutMs = 60_000): Promise<void> {
      const deadline = now() + timeoutMs;
      for (;;) {
        if (inFlight.size === 0 && !(await queue.busy())) return;
        if (now() > deadline) throw new Error('jobs still pending');
        void tick();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
