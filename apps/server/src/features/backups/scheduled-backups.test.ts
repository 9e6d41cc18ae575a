import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminOverview } from '@studybuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresCommandLine, runTool } from '../../db/backup.js';
import { connectDatabase, type Db } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import {
  createTestApp,
  createTestAppOn,
  dbKinds,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';
import { createScratchDatabase } from '../../testing/scratch-database.js';

/** Every other second: the test sees runs come by themselves within moments. */
const EVERY_TWO_SECONDS = '*/2 * * * * *';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A server with BACKUP_SCHEDULE set, on a database a backup can be taken of. */
async function scheduledServer(kind: 'sqlite' | 'postgres'): Promise<TestApp> {
  const env = { BACKUP_SCHEDULE: EVERY_TWO_SECONDS, BACKUP_KEEP: '3' };
  if (kind === 'postgres')
    return createTestApp('postgres', {
      ...env,
      DATABASE_URL: process.env.TEST_DATABASE_URL as string,
    });
  const dir = mkdtempSync(join(tmpdir(), 'scheduled-'));
  const file = join(dir, 'studybuddy.db');
  const db = await connectDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db.db);
  return createTestAppOn(
    {
      ...db,
      cleanup: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    },
    { ...env, DATABASE_URL: file },
  );
}

/** Waits for a run that began after `since` to be written and checked; gives its file. */
async function runAfter(t: TestApp, since: string, ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const run = await t.db.db
      .selectFrom('backups')
      .select(['file', 'status', 'error'])
      .where('startedAt', '>', since)
      .where('status', 'in', ['done', 'failed'])
      .orderBy('scheduledFor')
      .executeTakeFirst();
    if (run) {
      expect(run, run.error ?? '').toMatchObject({ status: 'done' });
      return run.file as string;
    }
    if (Date.now() > deadline) throw new Error('no scheduled backup came');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(dbKinds)('scheduled backups on a running server (%s)', (kind) => {
  it('come by themselves, show on the admin screen, and restore with the rows', async () => {
    const t = await scheduledServer(kind);
    cleanups.push(() => t.close());
    const client = new TestClient(t.app);
    const { id } = await client.registerAndLogin();
    const plan = await client.post('/api/generic/CreateStudyProgram', {
      name: 'Finals ✓',
      deadline: '2027-01-20',
    });
    expect(plan.statusCode).toBe(201);
    const written = new Date().toISOString();
    const file = await runAfter(t, written);

    // The admin screen: the schedule and its newest good run, checked.
    await t.db.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', id).execute();
    const overview = (await client.get('/api/admin/overview')).json<AdminOverview>();
    expect(overview.backups).toMatchObject({
      schedule: EVERY_TWO_SECONDS,
      keep: 3,
      nextAt: expect.any(String),
      lastGood: { status: 'done', check: 'ok', file: expect.stringMatching(/-scheduled\./) },
    });
    expect(overview.backups.lastGood?.bytes).toBeGreaterThan(0);
    // Off the server's folder, which goes with it.
    const kept = mkdtempSync(join(tmpdir(), 'kept-'));
    cleanups.push(async () => rmSync(kept, { recursive: true, force: true }));
    const backup = join(kept, 'backup');
    copyFileSync(file, backup);
    const schema = t.db.schema;

    // Put back into a database of its own, as the README's Backups says, and read.
    let restored: Db;
    if (kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'restored-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      copyFileSync(backup, join(dir, 'studybuddy.db'));
      restored = await connectDatabase({ kind: 'sqlite', file: join(dir, 'studybuddy.db') });
    } else {
      const scratch = await createScratchDatabase('restore');
      cleanups.push(() => scratch.drop());
      const { url, env } = postgresCommandLine(scratch.url);
      await runTool('pg_restore', ['--no-owner', `--dbname=${url}`, backup], env);
      restored = await connectDatabase(
        { kind: 'postgres', url: scratch.url },
        schema ? { pgSchema: schema } : {},
      );
    }
    cleanups.push(() => restored.close());
    expect(
      await restored.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).execute(),
    ).toEqual([{ id, email: 'ana@example.com' }]);
    expect(
      await restored.db
        .selectFrom('studyPlans')
        .select(['userId', 'name', 'deadline'])
        .where('userId', '=', id)
        .execute(),
    ).toEqual([{ userId: id, name: 'Finals ✓', deadline: '2027-01-20' }]);
  });
});
