import type { Kysely } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './types.js';

/** A job to add: `kind` names its handler, `payload` is its JSON input. */
export interface NewJob {
  kind: string;
  userId: number | null;
  payload: unknown;
  /**
   * When it may run (ISO); `now` by default. Jobs are claimed oldest `runAfter` first, so a
   * reminder queued with its due time goes ahead of model work queued after it.
   */
  runAfter?: string;
}

/** A job this instance claimed and now runs. */
export interface ClaimedJob {
  id: number;
  kind: string;
  userId: number | null;
  payload: unknown;
  /** Claims so far, this one included (1 on the first run). */
  attempts: number;
}

/** Which due jobs a claim may take: the runner claims each kind with places of its own apart. */
export interface ClaimScope {
  /** Only jobs of these kinds. */
  kinds?: string[];
  /** Jobs of any kind but these. */
  otherThan?: string[];
  /**
   * Fair between students: a job waits behind the due jobs of students with fewer of its kind
   * running (on any instance), then by `runAfter`. One student's several plans then cannot
   * take every place while another's waits.
   */
  fairByUser?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ERROR_MAX = 2000;

/** Adds jobs, inside the caller's transaction when given one (a plan and its jobs at once). */
export async function insertJobs(db: Kysely<Database>, jobs: NewJob[], now: string): Promise<void> {
  for (let i = 0; i < jobs.length; i += 200) {
    const rows = jobs.slice(i, i + 200).map((j) => ({
      kind: j.kind,
      userId: j.userId,
      payload: JSON.stringify(j.payload),
      status: 'pending',
      runAfter: j.runAfter ?? now,
      createdAt: now,
      updatedAt: now,
    }));
    await db.insertInto('jobs').values(rows).execute();
  }
}

/**
 * The jobs table as a queue shared by every instance. A claim is one UPDATE of the due rows
 * picked with FOR UPDATE SKIP LOCKED on PostgreSQL, so two instances never claim one job;
 * SQLite has one writer, which makes the same UPDATE atomic. Every change after the claim is
 * conditional on this instance still holding the lease.
 */
export function createJobQueue(db: Kysely<Database>, now: () => number = Date.now) {
  const postgres = dialectOf(db) === 'postgres';
  return {
    enqueue(jobs: NewJob[]): Promise<void> {
      return insertJobs(db, jobs, iso(now()));
    },

    /** Up to `limit` due jobs: pending ones whose time came, and running ones whose lease ran out. */
    async claim(
      owner: string,
      limit: number,
      leaseMs: number,
      scope: ClaimScope = {},
    ): Promise<ClaimedJob[]> {
      if (scope.kinds?.length === 0) return [];
      if (!scope.fairByUser) return claimSome(owner, limit, leaseMs, scope);
      // One at a time, so that each claim counts the jobs the one before it started.
      const claimed: ClaimedJob[] = [];
      while (claimed.length < limit) {
        const [job] = await claimSome(owner, 1, leaseMs, scope);
        if (!job) break;
        claimed.push(job);
      }
      return claimed;
    },

    /** Keeps the leases of the jobs this instance is still running. */
    async renew(owner: string, ids: number[], leaseMs: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('jobs')
        .set({ leaseExpiresAt: iso(now() + leaseMs) })
        .where('leaseOwner', '=', owner)
        .where('status', '=', 'running')
        .where('id', 'in', ids)
        .execute();
    },

    async complete(owner: string, id: number): Promise<void> {
      await finish(owner, id, { status: 'done', payload: '{}', lastError: null });
    },

    /** Gave up after the last attempt (what stands in was written by the handler). */
    async fail(owner: string, id: number, error: string): Promise<void> {
      await finish(owner, id, {
        status: 'failed',
        payload: '{}',
        lastError: error.slice(0, ERROR_MAX),
      });
    },

    /**
     * Back to pending, to run again at `runAfterMs`. A deferred job (it could not start yet: what
     * it needs is busy) does not use up an attempt.
     */
    async retryLater(
      owner: string,
      id: number,
      runAfterMs: number,
      error: string,
      deferred = false,
    ): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'pending',
          runAfter: iso(runAfterMs),
          lastError: error.slice(0, ERROR_MAX),
          leaseOwner: null,
          leaseExpiresAt: null,
          updatedAt: iso(now()),
          ...(deferred ? { attempts: eb('attempts', '-', 1) } : {}),
        }))
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .where('status', '=', 'running')
        .execute();
    },

    /** Jobs this instance stops running without a result (shutdown): pending again, claim not counted. */
    async release(owner: string, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'pending',
          leaseOwner: null,
          leaseExpiresAt: null,
          attempts: eb('attempts', '-', 1),
          updatedAt: iso(now()),
        }))
        .where('leaseOwner', '=', owner)
        .where('status', '=', 'running')
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Every running job back to pending: at start-up on SQLite, where no other instance can be
     * running them, so the work of a process that died resumes at once rather than at lease end.
     */
    async releaseAll(): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ status: 'pending', leaseOwner: null, leaseExpiresAt: null, updatedAt: iso(now()) })
        .where('status', '=', 'running')
        .execute();
    },

    /** True while some job is pending (due or not) or running. */
    async busy(): Promise<boolean> {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['pending', 'running'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes finished jobs last changed before `beforeMs`. */
    async sweep(beforeMs: number): Promise<void> {
      await db
        .deleteFrom('jobs')
        .where('status', 'in', ['done', 'failed'])
        .where('updatedAt', '<', iso(beforeMs))
        .execute();
    },
  };

  async function claimSome(
    owner: string,
    limit: number,
    leaseMs: number,
    scope: ClaimScope,
  ): Promise<ClaimedJob[]> {
    const at = iso(now());
    const due = db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('runAfter', '<=', at)]),
          eb.and([eb('status', '=', 'running'), eb('leaseExpiresAt', '<', at)]),
        ]),
      )
      .$if(scope.kinds !== undefined, (q) => q.where('kind', 'in', scope.kinds as string[]))
      .$if((scope.otherThan?.length ?? 0) > 0, (q) =>
        q.where('kind', 'not in', scope.otherThan as string[]),
      )
      .$if(scope.fairByUser === true, (q) =>
        q.orderBy((eb) =>
          eb
            .selectFrom('jobs as r')
            .select((r) => r.fn.countAll().as('n'))
            .whereRef('r.userId', '=', 'jobs.userId')
            .whereRef('r.kind', '=', 'jobs.kind')
            .where('r.status', '=', 'running'),
        ),
      )
      .orderBy('runAfter')
      .orderBy('id')
      .limit(limit)
      .$if(postgres, (q) => q.forUpdate().skipLocked());
    const rows = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        leaseOwner: owner,
        leaseExpiresAt: iso(now() + leaseMs),
        attempts: eb('attempts', '+', 1),
        updatedAt: at,
      }))
      .where('id', 'in', due)
      .returning(['id', 'kind', 'userId', 'payload', 'attempts'])
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ ...r, payload: JSON.parse(r.payload) as unknown }));
  }

  async function finish(
    owner: string,
    id: number,
    set: { status: string; payload: string; lastError: string | null },
  ): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ ...set, leaseOwner: null, leaseExpiresAt: null, updatedAt: iso(now()) })
      .where('id', '=', id)
      .where('leaseOwner', '=', owner)
      .where('status', '=', 'running')
      .execute();
  }
}
export type JobQueue = ReturnType<typeof createJobQueue>;
