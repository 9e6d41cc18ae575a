import { afterEach, describe, expect, it } from 'vitest';
import { createJobQueue } from '../db/job-queue.js';
import { createFactories } from '../testing/factories.js';
import { createTestDb, dbKinds, type TestDb } from '../testing/test-db.js';
import { createJobRunner, type JobHandler, type JobRunner } from './job-runner.js';

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dbKinds)('the job runner on %s', (kind) => {
  let db: TestDb;
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await db.cleanup();
  });

  async function start(handler: JobHandler<{ n: number }>, concurrency = 2) {
    db = await createTestDb(kind);
    const queue = createJobQueue(db.db);
    runner = createJobRunner({
      queue,
      handlers: { test: handler as JobHandler<never> },
      concurrency,
      leaseMs: 3_000,
      pollMs: 20,
      backoffMs: 10,
      log: silent,
    });
    return { queue, runner };
  }
  const jobsOf = () =>
    db.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'lastError'])
      .orderBy('id')
      .execute();

  it('runs each job once with at most `concurrency` at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const { queue, runner } = await start({
      async run(p) {
        running++;
        most = Math.max(most, running);
        await sleep(30);
        seen.push(p.n);
        running--;
      },
    });
    await queue.enqueue(
      Array.from({ length: 7 }, (_, n) => ({ kind: 'test', userId: null, payload: { n } })),
    );
    await runner.start();
    await runner.idle();
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect((await jobsOf()).map((j) => j.status)).toEqual(Array(7).fill('done'));
  });

  it('waits as long as a failure asks, retries up to three runs, then gives up once', async () => {
    const runs: number[] = [];
    const gaveUp: string[] = [];
    const { queue, runner } = await start({
      async run(p) {
        runs.push(Date.now());
        if (p.n === 0) throw Object.assign(new Error('busy'), { retryAfterMs: 300 });
        throw new Error('broken');
      },
      async giveUp(p, error) {
        gaveUp.push(`${p.n}: ${(error as Error).message}`);
      },
    });
    await queue.enqueue([{ kind: 'test', userId: null, payload: { n: 0 } }]);
    await runner.start();
    await runner.idle();
    expect(runs).toHaveLength(3);
    expect((runs[1] as number) - (runs[0] as number)).toBeGreaterThanOrEqual(290);
    expect(gaveUp).toEqual(['0: busy']);
    expect(await jobsOf()).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 3, lastError: 'Error: busy' }),
    ]);
  });

  it('lets a kind of job try more often and wait less than the runner’s limits', async () => {
    const runs: number[] = [];
    const { queue, runner } = await start({
      maxAttempts: 6,
      maxDelayMs: 50,
      async run() {
        runs.push(Date.now());
        // Asks for far longer than this kind may wait.
        throw Object.assign(new Error('smtp down'), { retryAfterMs: 60_000 });
      },
    });
    await queue.enqueue([{ kind: 'test', userId: null, payload: { n: 0 } }]);
    await runner.start();
    await runner.idle(5_000);
    expect(runs).toHaveLength(6);
    expect(await jobsOf()).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 6, lastError: 'Error: smtp down' }),
    ]);
  });

  it('gives up at once on an error that says it is not worth another try', async () => {
    let runs = 0;
    const { queue, runner } = await start({
      async run() {
        runs++;
        throw Object.assign(new Error('bad request'), { retryable: false });
      },
    });
    await queue.enqueue([{ kind: 'test', userId: null, payload: { n: 0 } }]);
    await runner.start();
    await runner.idle();
    expect(runs).toBe(1);
    expect((await jobsOf())[0]?.status).toBe('failed');
  });

  it('lets a deferred job wait without using up its tries', async () => {
    let runs = 0;
    const { queue, runner } = await start({
      async run() {
        runs++;
        if (runs <= 4)
          throw Object.assign(new Error('budget'), { deferred: true, retryAfterMs: 10 });
      },
    });
    await queue.enqueue([{ kind: 'test', userId: null, payload: { n: 0 } }]);
    await runner.start();
    await runner.idle();
    expect(runs).toBe(5);
    expect(await jobsOf()).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
  });

  it('takes over a job whose instance died once its lease is over, and leaves a live one alone', async () => {
    const seen: number[] = [];
    const { queue, runner } = await start({
      async run(p) {
        seen.push(p.n);
      },
    });
    await queue.enqueue([
      { kind: 'test', userId: null, payload: { n: 0 } },
      { kind: 'test', userId: null, payload: { n: 1 } },
    ]);
    const past = new Date(Date.now() - 1_000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    const [dead, live] = await jobsOf();
    for (const [job, leaseExpiresAt] of [
      [dead, past],
      [live, future],
    ] as const) {
      await db.db
        .updateTable('jobs')
        .set({ status: 'running', leaseOwner: 'another-instance', leaseExpiresAt, attempts: 1 })
        .where('id', '=', job?.id as number)
        .execute();
    }
    await runner.start();
    await sleep(200);
    expect(seen).toEqual([0]);
    expect((await jobsOf()).map((j) => [j.status, j.attempts])).toEqual([
      ['done', 2],
      ['running', 1],
    ]);
  });

  it('hands its jobs back when it stops, without counting the interrupted run', async () => {
    const { queue, runner } = await start({ run: () => sleep(10_000).then(() => undefined) });
    await queue.enqueue([{ kind: 'test', userId: null, payload: { n: 0 } }]);
    await runner.start();
    while (runner.running === 0) await sleep(5);
    await runner.stop();
    expect(await jobsOf()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
  });

  /** A handler whose runs wait until the test lets them finish; `started` lists their `n`. */
  function gated() {
    const started: number[] = [];
    const waiting: (() => void)[] = [];
    const handler: JobHandler<{ n: number }> = {
      run: (p) =>
        new Promise<void>((resolve) => {
          started.push(p.n);
          waiting.push(resolve);
        }),
    };
    const finishAll = () => {
      for (const done of waiting.splice(0)) done();
    };
    return { started, handler, finishAll };
  }

  it('gives a kind with places of its own its own limit, and never lets it hold back the others', async () => {
    db = await createTestDb(kind);
    const queue = createJobQueue(db.db);
    const long = gated();
    const short: number[] = [];
    runner = createJobRunner({
      queue,
      handlers: {
        long: { ...long.handler, concurrency: 2 } as JobHandler<never>,
        short: { run: async (p: { n: number }) => void short.push(p.n) } as JobHandler<never>,
      },
      concurrency: 1,
      pollMs: 20,
      log: silent,
    });
    await queue.enqueue([
      ...[0, 1, 2].map((n) => ({ kind: 'long', userId: null, payload: { n } })),
      { kind: 'short', userId: null, payload: { n: 9 } },
    ]);
    await runner.start();
    for (let i = 0; i < 100 && (short.length === 0 || long.started.length < 2); i++)
      await sleep(10);
    await sleep(100);
    // The third long job waits for one of its kind's two places; the short one ran meanwhile.
    expect(short).toEqual([9]);
    expect(long.started).toEqual([0, 1]);
    long.finishAll();
    for (let i = 0; i < 100 && long.started.length < 3; i++) await sleep(10);
    long.finishAll();
    await runner.idle();
    expect(long.started).toEqual([0, 1, 2]);
  });

  it('claims a fair kind student by student: one student’s queue cannot take every place', async () => {
    db = await createTestDb(kind);
    const queue = createJobQueue(db.db);
    const make = createFactories(db);
    const [ana, bo, cy] = [await make.user(), await make.user(), await make.user()];
    const plans = gated();
    const byJob = new Map<number, string>();
    runner = createJobRunner({
      queue,
      handlers: {
        plan: { ...plans.handler, concurrency: 3, fairByUser: true } as JobHandler<never>,
      },
      concurrency: 1,
      pollMs: 20,
      log: silent,
    });
    // Ana queued four plans before Bo's one and Cy's two.
    const who = [ana, ana, ana, ana, bo, cy, cy];
    await queue.enqueue(
      who.map((u, n) => {
        byJob.set(n, u === ana ? 'ana' : u === bo ? 'bo' : 'cy');
        return { kind: 'plan', userId: u.id, payload: { n } };
      }),
    );
    await runner.start();
    for (let i = 0; i < 100 && plans.started.length < 3; i++) await sleep(10);
    expect(plans.started.map((n) => byJob.get(n))).toEqual(['ana', 'bo', 'cy']);
    plans.finishAll();
    for (let i = 0; i < 100 && plans.started.length < 6; i++) await sleep(10);
    // Then the three places again, Bo having none left: Ana's second and third, Cy's second. The
    // order within the round follows which of the first three finished first, so it is not fixed.
    expect(plans.started.slice(0, 3).map((n) => byJob.get(n))).toEqual(['ana', 'bo', 'cy']);
    expect(
      plans.started
        .slice(3)
        .map((n) => byJob.get(n))
        .sort(),
    ).toEqual(['ana', 'ana', 'cy']);
    for (let i = 0; i < 100 && plans.started.length < 7; i++) {
      plans.finishAll();
      await sleep(10);
    }
    plans.finishAll();
    await runner.idle();
    expect(plans.started).toHaveLength(7);
  });
});
