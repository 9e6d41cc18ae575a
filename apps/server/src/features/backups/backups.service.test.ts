import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAppTables } from '../../db/app-tables.js';
import { createFactories } from '../../testing/factories.js';
import { createTestDbAt, dbKinds } from '../../testing/test-db.js';
import { createBackupsRepository, DATABASE_BACKUP_JOB } from './backups.repository.js';
import { type BackupIo, createBackupsService } from './backups.service.js';

/** Instants of the schedule are in the server's time zone: local dates keep the test exact. */
const local = (day: number, h: number, m = 0, s = 0) => new Date(2026, 0, day, h, m, s);
const DAILY = '0 3 * * *';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A database the service can back up: a SQLite file, or a PostgreSQL test schema. */
async function school(kind: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'backups-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const { db, target } = await createTestDbAt(kind, dataDir);
  cleanups.push(() => db.cleanup());
  return { db, target, dataDir };
}

function logger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

function service(
  s: Awaited<ReturnType<typeof school>>,
  opts: {
    schedule?: string | undefined;
    keep?: number;
    host?: string;
    io?: Partial<BackupIo>;
    log?: ReturnType<typeof logger>;
  } = {},
) {
  return createBackupsService({
    repo: createBackupsRepository(s.db.db),
    schedule: 'schedule' in opts ? opts.schedule : DAILY,
    keep: opts.keep ?? 7,
    target: s.target,
    ...(s.db.schema ? { schema: s.db.schema } : {}),
    dataDir: s.dataDir,
    tables: () => listAppTables(s.db),
    wakeJobs: () => {},
    log: opts.log ?? logger(),
    host: opts.host ?? 'school-1',
    now: () => new Date(),
    ...(opts.io ? { io: opts.io } : {}),
  });
}

/** What the job runner would do: run the queued backup jobs, oldest first. */
async function runQueued(s: Awaited<ReturnType<typeof school>>, svc: ReturnType<typeof service>) {
  const jobs = await s.db.db
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('kind', '=', DATABASE_BACKUP_JOB)
    .where('status', '=', 'pending')
    .orderBy('runAfter')
    .execute();
  await s.db.db
    .updateTable('jobs')
    .set({ status: 'done' })
    .where('kind', '=', DATABASE_BACKUP_JOB)
    .execute();
  const errors: unknown[] = [];
  for (const j of jobs) {
    const ctx = { id: j.id, userId: null, attempt: 1, signal: new AbortController().signal };
    await svc.job.run(JSON.parse(j.payload), ctx).catch((e: unknown) => errors.push(e));
  }
  return errors;
}

const scheduledFiles = (dataDir: string) =>
  readdirSync(join(dataDir, 'backups'))
    .filter((n) => n.includes('-scheduled'))
    .sort();

describe.each(dbKinds)('scheduled backups (%s)', (kind) => {
  it('queues one run per instant of the schedule, whichever instance scans first', async () => {
    const s = await school(kind);
    const one = service(s, { host: 'school-1' });
    const two = service(s, { host: 'school-2' });
    const at = local(5, 3, 0, 5);
    // Both instances see 03:00 at once: one run, one job for the server (no student).
    expect((await Promise.all([one.scan(at), two.scan(at)])).sort()).toEqual([false, true]);
    expect(await two.scan(local(5, 9))).toBe(false);
    expect(await one.scan(local(6, 2, 59))).toBe(false);
    const jobs = await s.db.db
      .selectFrom('jobs')
      .select(['kind', 'userId', 'runAfter', 'status'])
      .execute();
    expect(jobs).toEqual([
      {
        kind: DATABASE_BACKUP_JOB,
        userId: null,
        runAfter: local(5, 3).toISOString(),
        status: 'pending',
      },
    ]);
    // The next day's run, and a run missed while every instance was down, taken within a day.
    expect(await one.scan(local(6, 3))).toBe(true);
    expect(await one.scan(local(8, 3, 30))).toBe(true);
    expect(await two.scan(local(10, 2))).toBe(true);
    const runs = await s.db.db
      .selectFrom('backups')
      .select(['scheduledFor', 'status'])
      .orderBy('scheduledFor')
      .execute();
    expect(runs).toEqual(
      [5, 6, 8, 9].map((d) => ({ scheduledFor: local(d, 3).toISOString(), status: 'pending' })),
    );
    // Mondays (12 January 2026 is one): missed by two days, that run is left to the next one.
    const weekly = service(s, { schedule: '0 3 * * 1' });
    expect(await weekly.scan(local(14, 3))).toBe(false);
    expect(await weekly.scan(local(12, 3, 0, 1))).toBe(true);
    // No BACKUP_SCHEDULE: nothing is ever queued.
    const idle = service(s, { schedule: undefined });
    expect(await idle.scan(local(11, 3))).toBe(false);
    expect(await idle.status()).toMatchObject({ schedule: null, nextAt: null });
  });

  it('writes and checks each run, keeps the newest BACKUP_KEEP, and says so', async () => {
    const s = await school(kind);
    const f = createFactories(s.db);
    const ana = await f.user({ firstName: 'Ana' });
    await f.plan(ana.id, { name: 'Finals' });
    const log = logger();
    const svc = service(s, { keep: 2, log });
    for (const day of [5, 6, 7]) {
      await svc.scan(local(day, 3));
      expect(await runQueued(s, svc)).toEqual([]);
    }
    const ext = kind === 'sqlite' ? 'sqlite' : 'dump';
    const stamp = (d: number) => local(d, 3).toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(scheduledFiles(s.dataDir)).toEqual(
      [6, 7].map((d) => `studybuddy-${stamp(d)}-scheduled.${ext}`),
    );
    // The record goes back as far as the backups kept.
    const runs = await s.db.db.selectFrom('backups').selectAll().orderBy('scheduledFor').execute();
    expect(runs.map((r) => [r.scheduledFor, r.status, r.checkResult, r.host])).toEqual(
      [6, 7].map((d) => [local(d, 3).toISOString(), 'done', 'ok', 'school-1']),
    );
    expect(runs.every((r) => (r.bytes ?? 0) > 0 && r.startedAt && r.finishedAt)).toBe(true);
    const status = await svc.status();
    expect(status).toEqual({
      schedule: DAILY,
      keep: 2,
      nextAt: expect.any(String),
      last: {
        status: 'done',
        scheduledFor: local(7, 3).toISOString(),
        finishedAt: expect.any(String),
        file: `studybuddy-${stamp(7)}-scheduled.${ext}`,
        host: 'school-1',
        bytes: runs[1]?.bytes,
        check: 'ok',
        error: null,
      },
      lastGood: status.last,
    });
    expect(Date.parse(status.nextAt as string)).toBeGreaterThan(Date.now());
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'backup.done', check: 'ok', bytes: runs[1]?.bytes }),
      'scheduled backup written and checked',
    );
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('reports a backup that could not be written as a warning, and keeps the last good one', async () => {
    const s = await school(kind);
    const log = logger();
    const svc = service(s, { log });
    await svc.scan(local(5, 3));
    expect(await runQueued(s, svc)).toEqual([]);
    // The backups folder became a file: the next run cannot write.
    rmSync(join(s.dataDir, 'backups'), { recursive: true });
    writeFileSync(join(s.dataDir, 'backups'), 'not a folder');
    await svc.scan(local(6, 3));
    const [error] = await runQueued(s, svc);
    expect(error).toMatchObject({ retryable: false });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'backup.failed',
        scheduledFor: local(6, 3).toISOString(),
        host: 'school-1',
        error: expect.stringMatching(/^E[A-Z]+/),
      }),
      'scheduled backup failed',
    );
    const { last, lastGood } = await svc.status();
    expect(last).toMatchObject({
      status: 'failed',
      scheduledFor: local(6, 3).toISOString(),
      file: null,
      bytes: null,
      check: null,
      error: expect.stringMatching(/^E[A-Z]+/),
    });
    expect(lastGood).toMatchObject({
      status: 'done',
      scheduledFor: local(5, 3).toISOString(),
      check: 'ok',
    });
  });

  it('removes a backup that fails its check, and records what was wrong', async () => {
    const s = await school(kind);
    const log = logger();
    const svc = service(s, {
      log,
      io: {
        check: async () => ({
          ok: false,
          result:
            'integrity_check: *** in database main *** Page 7: btreeInitPage() returns error code 11',
        }),
      },
    });
    await svc.scan(local(5, 3));
    const [error] = await runQueued(s, svc);
    expect(String(error)).toMatch(/the backup did not pass its check: integrity_check: /);
    mkdirSync(join(s.dataDir, 'backups'), { recursive: true });
    expect(scheduledFiles(s.dataDir)).toEqual([]);
    expect((await svc.status()).last).toMatchObject({
      status: 'failed',
      file: null,
      check:
        'integrity_check: *** in database main *** Page 7: btreeInitPage() returns error code 11',
      error: expect.stringMatching(/^the backup did not pass its check/),
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'backup.failed' }),
      'scheduled backup failed',
    );
  });
});
