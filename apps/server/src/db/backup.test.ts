import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../config/config.js';
import { createFactories } from '../testing/factories.js';
import { createScratchDatabase } from '../testing/scratch-database.js';
import { dbKinds } from '../testing/test-db.js';
import {
  AUTOMATIC_BACKUPS_KEPT,
  backupBeforeSchemaChange,
  postgresCommandLine,
  pruneAutomaticBackups,
  runTool,
} from './backup.js';
import { parseDbArgs, runDbCommand } from './commands.js';
import { connectDatabase, type Db } from './connect.js';
import { migrateToLatest, migratorFor } from './migrate.js';
import { migrations } from './migrations/index.js';

const names = Object.keys(migrations);
const last = names.at(-1) as string;

/** A database the way the server has one: a SQLite file, or a PostgreSQL database. */
interface Subject {
  db: Db;
  target: DatabaseTarget;
  dataDir: string;
  /** Puts the backup back the README's way (Backups): the server stopped, then started. */
  restore(file: string): Promise<void>;
  cleanup(): Promise<void>;
}

async function openSubject(kind: 'sqlite' | 'postgres'): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'db-backup-'));
  if (kind === 'sqlite') {
    const file = join(dataDir, 'studybuddy.db');
    const target: DatabaseTarget = { kind: 'sqlite', file };
    const subject: Subject = {
      db: await connectDatabase(target),
      target,
      dataDir,
      restore: async (backup) => {
        await subject.db.close();
        for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
        copyFileSync(backup, file);
        subject.db = await connectDatabase(target);
      },
      cleanup: async () => {
        await subject.db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    await migrateToLatest(subject.db.db);
    return subject;
  }
  // A database of its own: a restore drops and makes again what the backup holds, which in the
  // shared test database would be a schema other test files may be reading the catalog of.
  const scratch = await createScratchDatabase('backup');
  const target: DatabaseTarget = { kind: 'postgres', url: scratch.url };
  const db = await connectDatabase(target);
  await migrateToLatest(db.db);
  return {
    db,
    target,
    dataDir,
    restore: async (backup) => {
      const { url, env } = postgresCommandLine(target.url);
      await runTool(
        'pg_restore',
        ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, backup],
        env,
      );
    },
    cleanup: async () => {
      await db.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let subject: Subject | undefined;
afterEach(async () => {
  await subject?.cleanup();
  subject = undefined;
});

describe.each(dbKinds)('backup and restore (%s)', (kind) => {
  it('brings back exactly the rows of the backup', async () => {
    subject = await openSubject(kind);
    const s = subject;
    const f = createFactories(s.db);
    const ana = await f.user({ firstName: 'Ana' });
    const ben = await f.user({ firstName: 'Ben' });
    await f.plan(ana.id, { name: 'Finals' });
    await f.plan(ben.id, { name: 'Resits' });
    const rows = async () => ({
      users: await s.db.db.selectFrom('users').selectAll().orderBy('id').execute(),
      plans: await s.db.db.selectFrom('studyPlans').selectAll().orderBy('id').execute(),
    });
    const before = await rows();

    const out = await runDbCommand({ name: 'backup' }, s);
    const file = /^backup: (\S+) \(/.exec(out)?.[1] as string;
    expect(basename(file)).toMatch(
      kind === 'sqlite' ? /^studybuddy-\d{8}T\d{6}Z\.sqlite$/ : /^studybuddy-\d{8}T\d{6}Z\.dump$/,
    );
    expect(file.startsWith(join(s.dataDir, 'backups'))).toBe(true);

    await s.db.db
      .updateTable('users')
      .set({ firstName: 'Changed' })
      .where('id', '=', ana.id)
      .execute();
    await s.db.db.deleteFrom('studyPlans').where('userId', '=', ben.id).execute();
    await s.db.db.deleteFrom('users').where('id', '=', ben.id).execute();
    await f.user({ firstName: 'Cleo' });
    expect(await rows()).not.toEqual(before);

    await s.restore(file);
    expect(await rows()).toEqual(before);
    // The id sequence came back too: a new row takes the next id, not a used one.
    const dan = await createFactories(s.db).user({ username: 'dan' });
    expect(dan.id).toBeGreaterThan(ben.id);
  });

  it('backs up to a path given, and never over an existing file', async () => {
    subject = await openSubject(kind);
    const path = join(subject.dataDir, 'mine.bak');
    expect(await runDbCommand({ name: 'backup', path }, subject)).toMatch(
      new RegExp(`^backup: ${path} \\(\\d`),
    );
    await expect(runDbCommand({ name: 'backup', path }, subject)).rejects.toThrow(/already exists/);
    expect(readdirSync(subject.dataDir).filter((n) => n.includes('partial'))).toEqual([]);
  });

  it('status, down and latest: lists, reverts the last migration, runs it again', async () => {
    subject = await openSubject(kind);
    const s = subject;
    const status = async () => (await runDbCommand({ name: 'status' }, s)).trimEnd().split('\n');

    const all = await status();
    expect(all).toHaveLength(names.length + 1);
    expect(all[0]).toMatch(new RegExp(`^${names[0]} +\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`));
    expect(all.at(-1)).toMatch(new RegExp(`: ${names.length} executed, 0 pending$`));

    const down = await runDbCommand({ name: 'down' }, s);
    expect(down).toContain(`reverted: ${last}\n`);
    // SQLite keeps a copy of the database from before the change; PostgreSQL leaves it to pg_dump.
    expect(down.includes('backup: ')).toBe(kind === 'sqlite');
    const after = await status();
    expect(after.at(-2)).toMatch(new RegExp(`^${last} +pending$`));
    expect(after.at(-1)).toMatch(/: \d+ executed, 1 pending$/);

    const latest = await runDbCommand({ name: 'latest' }, s);
    expect(latest).toContain(`migrated: ${last}\n`);
    expect(latest.includes(`before-${last}.sqlite`)).toBe(kind === 'sqlite');
    expect(await runDbCommand({ name: 'latest' }, s)).toMatch(/is up to date\n$/);
    expect((await status()).at(-1)).toMatch(/, 0 pending$/);
  });
});

describe('the automatic backup before migrating (SQLite)', () => {
  it('is taken when a migration is pending on a database with a schema, not on a new one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-auto-'));
    const target: DatabaseTarget = { kind: 'sqlite', file: join(dataDir, 'studybuddy.db') };
    const db = await connectDatabase(target);
    try {
      const now = new Date('2026-11-25T16:55:55.123Z');
      // New and empty: nothing to keep.
      expect(await backupBeforeSchemaChange(db, target, dataDir, 'up', now)).toBeUndefined();
      await migratorFor(db.db).migrateTo(names.at(-2) as string);
      const backup = await backupBeforeSchemaChange(db, target, dataDir, 'up', now);
      expect(backup?.file).toBe(
        join(dataDir, 'backups', `studybuddy-20261125T165555Z-before-${last}.sqlite`),
      );
      expect(backup?.bytes).toBeGreaterThan(0);
      // The copy is a database at the schema it had.
      const copy = await connectDatabase({ kind: 'sqlite', file: backup?.file as string });
      const ran = await migratorFor(copy.db).getMigrations();
      await copy.close();
      expect(ran.filter((m) => m.executedAt).map((m) => m.name)).toEqual(names.slice(0, -1));
      // Up to date: nothing pending, no backup.
      await migrateToLatest(db.db);
      expect(await backupBeforeSchemaChange(db, target, dataDir, 'up', now)).toBeUndefined();
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops the schema change when the backup cannot be written, saying where and why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-auto-'));
    const target: DatabaseTarget = { kind: 'sqlite', file: join(dataDir, 'studybuddy.db') };
    const db = await connectDatabase(target);
    try {
      await migratorFor(db.db).migrateTo(names.at(-2) as string);
      writeFileSync(join(dataDir, 'backups'), 'not a folder');
      await expect(backupBeforeSchemaChange(db, target, dataDir)).rejects.toThrow(
        new RegExp(
          `^Cannot back up the SQLite database ${target.file} to ${dataDir}/backups/studybuddy-\\S+-before-${last}\\.sqlite before changing its schema: E`,
        ),
      );
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(`keeps the newest ${AUTOMATIC_BACKUPS_KEPT} automatic backups and every one made by hand`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-prune-'));
    const dir = join(dataDir, 'backups');
    const auto = (day: number) =>
      `studybuddy-202611${String(day).padStart(2, '0')}T120000Z-before-0012-x.sqlite`;
    try {
      mkdirSync(dir, { recursive: true });
      for (let day = 1; day <= 8; day++) writeFileSync(join(dir, auto(day)), '');
      writeFileSync(join(dir, 'studybuddy-20261101T000000Z.sqlite'), '');
      const removed = pruneAutomaticBackups(dataDir);
      expect(removed.map((p) => basename(p)).sort()).toEqual([auto(1), auto(2), auto(3)]);
      expect(readdirSync(dir).sort()).toEqual(
        ['studybuddy-20261101T000000Z.sqlite', ...[4, 5, 6, 7, 8].map(auto)].sort(),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('parseDbArgs', () => {
  it('reads the four commands and refuses anything else', () => {
    expect(parseDbArgs(['status'])).toEqual({ name: 'status' });
    expect(parseDbArgs(['latest'])).toEqual({ name: 'latest' });
    expect(parseDbArgs(['down'])).toEqual({ name: 'down' });
    expect(parseDbArgs(['backup'])).toEqual({ name: 'backup' });
    expect(parseDbArgs(['backup', 'x.sqlite'])).toEqual({ name: 'backup', path: 'x.sqlite' });
    for (const bad of [
      [],
      ['up'],
      ['status', 'x'],
      ['down', '2'],
      ['backup', 'a', 'b'],
      ['backup', '--x'],
    ])
      expect(parseDbArgs(bad), bad.join(' ')).toBeUndefined();
  });
});

describe('npm run db', () => {
  // One real run through npm and tsx: slow (seconds), so once.
  it('runs from the repository root on the configured database', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-cli-'));
    try {
      const db = await connectDatabase({ kind: 'sqlite', file: join(dataDir, 'studybuddy.db') });
      await migrateToLatest(db.db);
      await db.close();
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      delete env.DATABASE_URL_FILE;
      const root = resolve(import.meta.dirname, '../../../..');
      const run = spawnSync('npm', ['run', '--silent', 'db', '--', 'status'], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(
        `SQLite database ${join(dataDir, 'studybuddy.db')}: ${names.length} executed, 0 pending\n`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
