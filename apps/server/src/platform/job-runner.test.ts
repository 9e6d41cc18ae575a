import { afterEach, describe, expect, it } from 'vitest';
import { createJobQueue } from '../db/job-queue.js';
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
});
