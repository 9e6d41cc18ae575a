import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AWKWARD_TEXT, fillEveryTable } from '../testing/every-table.js';
import { createFactories } from '../testing/factories.js';
import { createTestAppOn, sampleUser, TestClient } from '../testing/harness.js';
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratch-database.js';
import { createTestDb } from '../testing/test-db.js';
import { parseDbArgs, runDbCommand } from './commands.js';
import { connectDatabase, type Db } from './connect.js';
import { CopyMismatchError, CopyRefusedError, copySqliteToPostgres } from './copy-to-postgres.js';
import { migrateToLatest, migratorFor } from './migrate.js';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';

const pgUrl = process.env.TEST_DATABASE_URL;
/** One signing key for the server before and after the move, as an operator keeps it. */
const JWT_SECRET = 'copy-test-secret-of-at-least-32-characters';

/** The app's tables and their row counts, as SQLite lists them (bookkeeping left out). */
async function tableCounts(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  const names =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'
          and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'`.execute(
          db,
        )
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_name not like 'kysely\\_%'`.execute(db);
  const counts = new Map<string, number>();
  for (const { name } of names.rows) {
    const r = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts.set(name, Number(r.rows[0]?.n));
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** Every row of a table as JSON text, sorted: the two databases compared without the checksum. */
async function rowsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const r = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  // PostgreSQL's own bookkeeping column of plan_versions (migration 0013); SQLite has none.
  return r.rows.map(({ set_by: _setBy, ...row }) => JSON.stringify(row)).sort();
}

/** A SQLite school at this version's schema, in a folder of its own. */
async function sqliteSchool() {
  const dir = mkdtempSync(join(tmpdir(), 'copy-'));
  const file = join(dir, 'studybuddy.db');
  const db = await connectDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db.db);
  return { dir, file, db };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the rows the copy tests use', () => {
  it('leave no table of the schema empty (a new table needs rows in fillEveryTable)', async () => {
    const db = await createTestDb('sqlite');
    cleanups.push(() => db.cleanup());
    const ana = await db.db
      .insertInto('users')
      .values({
        username: 'ana',
        usernameNormalized: 'ana',
        email: 'ana@example.com',
        emailNormalized: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Lee',
        passwordHash: 'x',
        role: 'Student',
        notifyOnLesson: 0,
        createdAt: '2026-01-05T09:00:00.000Z',
        updatedAt: '2026-01-05T09:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db
      .insertInto('authSessions')
      .values({
        id: 'a-session',
        userId: ana.id,
        refreshTokenHash: 'h',
        userAgent: 'test',
        createdAt: '2026-01-05T09:00:00.000Z',
        lastSeenAt: '2026-01-05T09:00:00.000Z',
        expiresAt: '2026-02-05T09:00:00.000Z',
        revokedAt: null,
      })
      .execute();
    await fillEveryTable(db, ana.id);
    const counts = await tableCounts(db.db.withoutPlugins(), 'sqlite');
    expect(counts.size).toBeGreaterThanOrEqual(22);
    expect([...counts].filter(([, n]) => n === 0).map(([name]) => name)).toEqual([]);
  });
});

describe('npm run db -- copy, without PostgreSQL', () => {
  it('reads `copy --to URL` and `copy --to=URL`, and nothing else', () => {
    const url = 'postgres://studybuddy@db.example:5432/studybuddy';
    expect(parseDbArgs(['copy', '--to', url])).toEqual({ name: 'copy', to: url });
    expect(parseDbArgs(['copy', `--to=${url}`])).toEqual({ name: 'copy', to: url });
    expect(parseDbArgs(['copy', '--to', 'postgresql://h/d'])).toEqual({
      name: 'copy',
      to: 'postgresql://h/d',
    });
    for (const bad of [
      ['copy'],
      ['copy', '--to'],
      ['copy', url],
      ['copy', '--to', '/tmp/x.db'],
      ['copy', '--to', 'mysql://h/d'],
      ['copy', '--to', url, 'extra'],
      ['copy', '--from', url],
    ])
      expect(parseDbArgs(bad), bad.join(' ')).toBeUndefined();
  });

  it('refuses a SQLite database that has migrations to run, before connecting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'copy-'));
    const file = join(dir, 'studybuddy.db');
    const db = await connectDatabase({ kind: 'sqlite', file });
    cleanups.push(async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await migratorFor(db.db).migrateTo(Object.keys(migrations).at(-2) as string);
    // Nothing listens there: the check comes first.
    await expect(
      copySqliteToPostgres({ sqliteFile: file, url: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow(/has 1 pending migration\(s\): run `npm run db -- latest`/);
  });

  it('refuses when the configured database is PostgreSQL', async () => {
    const db = await createTestDb('sqlite');
    cleanups.push(() => db.cleanup());
    await expect(
      runDbCommand(
        { name: 'copy', to: 'postgres://h/d' },
        { db, target: { kind: 'postgres', url: 'postgres://h/src' }, dataDir: tmpdir() },
      ),
    ).rejects.toThrow(/^copy reads a SQLite database, and the configured one is the PostgreSQL/);
  });
});

describe.runIf(pgUrl)('npm run db -- copy (SQLite to PostgreSQL)', () => {
  async function scratch(): Promise<ScratchDatabase> {
    const s = await createScratchDatabase('copy');
    cleanups.push(() => s.drop());
    return s;
  }

  async function openPostgres(url: string): Promise<Db> {
    const db = await connectDatabase({ kind: 'postgres', url });
    cleanups.push(() => db.close());
    return db;
  }

  it('copies every row, and a server on PostgreSQL logs the students in and reads it all', async () => {
    const school = await sqliteSchool();
    cleanups.push(async () => rmSync(school.dir, { recursive: true, force: true }));
    // The school as students left it: an account made and logged in through the API, its feed
    // on, and rows of every other kind beside it.
    const before = await createTestAppOn(
      { ...school.db, cleanup: () => school.db.close() },
      {
        JWT_SECRET,
      },
    );
    const browser = new TestClient(before.app);
    const { id } = await browser.registerAndLogin();
    const feed = (await browser.post('/api/calendar-feed')).json() as { url: string };
    await fillEveryTable(school.db, id);
    const exported = (await browser.get('/api/account/export')).json();
    const feedPath = new URL(feed.url).pathname;
    const ics = (await before.app.inject({ url: feedPath })).body;
    expect(ics).toContain('BEGIN:VEVENT');
    await before.close();

    const source = await connectDatabase({ kind: 'sqlite', file: school.file });
    cleanups.push(() => source.close());
    const sourceCounts = await tableCounts(source.db.withoutPlugins(), 'sqlite');
    expect([...sourceCounts.values()].every((n) => n > 0)).toBe(true);

    const target = await scratch();
    const out = await runDbCommand(
      { name: 'copy', to: target.url },
      { db: source, target: { kind: 'sqlite', file: school.file }, dataDir: school.dir },
    );
    const lines = out.trimEnd().split('\n');
    // The empty database was migrated first, then every table printed with both counts and sums.
    expect(lines[0]).toMatch(
      new RegExp(
        `^migrated the PostgreSQL database .*/${target.name} first: ${Object.keys(migrations).length} migrations$`,
      ),
    );
    expect(lines[1]).toMatch(/^table +SQLite rows +PostgreSQL rows +checksum/);
    const printed = new Map(
      lines.slice(2, -1).map((line) => {
        const [table, read, written, sum, same, back] = line.split(/ +/);
        return [table as string, { read: Number(read), written: Number(written), sum, same, back }];
      }),
    );
    expect([...printed.keys()].sort()).toEqual([...sourceCounts.keys()].sort());
    for (const [table, n] of sourceCounts) {
      const p = printed.get(table);
      expect(p, table).toMatchObject({ read: n, written: n, same: '=' });
      expect(p?.sum, table).toMatch(/^[0-9a-f]{16}$/);
      expect(p?.back, table).toBe(p?.sum);
    }
    const total = [...sourceCounts.values()].reduce((a, b) => a + b, 0);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^copied ${sourceCounts.size} tables, ${total} rows into the PostgreSQL database .* in [\\d.]+ s: every count and checksum matches$`,
      ),
    );

    // Row by row, read through each database's own driver, apart from the checksum.
    const pg = await openPostgres(target.url);
    for (const table of sourceCounts.keys())
      expect(await rowsOf(pg.db.withoutPlugins(), table), table).toEqual(
        await rowsOf(source.db.withoutPlugins(), table),
      );
    const maxIds = {
      users: Number(
        (await sql<{ m: number }>`select max(id) as m from users`.execute(pg.db)).rows[0]?.m,
      ),
      plans: Number(
        (await sql<{ m: number }>`select max(id) as m from study_plans`.execute(pg.db)).rows[0]?.m,
      ),
    };

    // A server on PostgreSQL: the same browser is still logged in, its session renews, and
    // the student's data, exported, is what it was on SQLite.
    const after = await createTestAppOn({ ...pg, cleanup: async () => {} }, { JWT_SECRET });
    cleanups.push(() => after.close());
    const same = new TestClient(after.app);
    for (const [k, v] of browser.cookies) same.cookies.set(k, v);
    same.accessToken = browser.accessToken;
    const profile = await same.get('/user/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ email: sampleUser.email });
    const again = (await same.get('/api/account/export')).json();
    expect({ ...again, exportedAt: null }).toEqual({ ...exported, exportedAt: null });
    expect(JSON.stringify(again)).toContain(JSON.stringify(AWKWARD_TEXT).slice(1, -1));
    expect((await after.app.inject({ url: feedPath })).body.replace(/^DTSTAMP:.*$/gm, '')).toBe(
      ics.replace(/^DTSTAMP:.*$/gm, ''),
    );
    expect((await same.post('/api/auth/refresh')).statusCode).toBe(200);
    // A new login, and new rows take ids after the copied ones (the sequences moved on).
    const fresh = new TestClient(after.app);
    const login = await fresh.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const newcomer = await new TestClient(after.app).registerAndLogin({
      username: 'dana',
      email: 'dana@example.com',
    });
    expect(newcomer.id).toBe(maxIds.users + 1);
    fresh.accessToken = login.json().accessToken;
    const plan = await fresh.post('/api/generic/CreateStudyProgram', {
      name: 'After the move',
      deadline: null,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json().id).toBe(maxIds.plans + 1);

    // A second copy into the now full database is refused, and changes nothing.
    const full = await tableCounts(pg.db.withoutPlugins(), 'postgres');
    await expect(
      runDbCommand(
        { name: 'copy', to: target.url },
        { db: source, target: { kind: 'sqlite', file: school.file }, dataDir: school.dir },
      ),
    ).rejects.toThrow(
      /^The PostgreSQL database \S+ is not empty: .*users \(\d+\).*Copy only into an empty database; nothing was changed$/,
    );
    expect(await tableCounts(pg.db.withoutPlugins(), 'postgres')).toEqual(full);
  });

  it('refuses a database holding a row, or tables of its own, and changes nothing', async () => {
    const school = await sqliteSchool();
    cleanups.push(async () => {
      await school.db.close();
      rmSync(school.dir, { recursive: true, force: true });
    });
    const migrated = await scratch();
    const pg = await openPostgres(migrated.url);
    await migrateToLatest(pg.db);
    await pg.db
      .insertInto('adminActions')
      .values({ adminEmail: 'a@example.com', action: 'grant', target: null, createdAt: 'now' })
      .execute();
    await expect(
      copySqliteToPostgres({ sqliteFile: school.file, url: migrated.url }),
    ).rejects.toThrow(
      new CopyRefusedError(
        `The PostgreSQL database 127.0.0.1:5432/${migrated.name} is not empty: admin_actions (1). Copy only into an empty database; nothing was changed`,
      ),
    );
    const counts = await tableCounts(pg.db.withoutPlugins(), 'postgres');
    expect([...counts].filter(([, n]) => n > 0)).toEqual([['admin_actions', 1]]);

    const other = await scratch();
    const otherDb = await openPostgres(other.url);
    await sql`create table notes (body text)`.execute(otherDb.db);
    await expect(copySqliteToPostgres({ sqliteFile: school.file, url: other.url })).rejects.toThrow(
      /holds tables StudyBuddy does not make \(notes\): copy into an empty database$/,
    );
    // Not even migrated.
    expect([...(await tableCounts(otherDb.db.withoutPlugins(), 'postgres')).keys()]).toEqual([
      'notes',
    ]);
  });

  it('keeps nothing when PostgreSQL refuses a value or stores one differently', async () => {
    const school = await sqliteSchool();
    cleanups.push(async () => {
      await school.db.close();
      rmSync(school.dir, { recursive: true, force: true });
    });
    const factories = createFactories(school.db);
    const ana = await factories.user();
    const { plan } = await factories.planTree(ana.id);
    const raw = new SQLite(school.file);
    cleanups.push(async () => void raw.close());

    // Text PostgreSQL cannot hold (a NUL), in a table copied after others: all rolled back.
    raw
      .prepare('insert into chat_messages (user_id, role, text, created_at) values (?, ?, ?, ?)')
      .run(ana.id, 'user', 'a\u0000b', 'now');
    const refused = await scratch();
    await expect(
      copySqliteToPostgres({ sqliteFile: school.file, url: refused.url }),
    ).rejects.toThrow(
      /^Copying chat_messages failed, so nothing was kept \(the PostgreSQL database is still empty\): /,
    );
    const refusedDb = await openPostgres(refused.url);
    const left = await tableCounts(refusedDb.db.withoutPlugins(), 'postgres');
    expect(left.get('users')).toBe(0);
    expect([...left.values()].every((n) => n === 0)).toBe(true);
    raw.prepare('delete from chat_messages').run();

    // Bytes in a text column: PostgreSQL stores them as text without complaint, and only the
    // checksum sees that they changed kind. Rolled back, naming the table.
    raw
      .prepare('update study_plans set description = ? where id = ?')
      .run(Buffer.from('hello'), plan.id);
    const changed = await scratch();
    const error = await copySqliteToPostgres({ sqliteFile: school.file, url: changed.url }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CopyMismatchError);
    expect((error as Error).message).toBe(
      'The copy did not read back as the SQLite data and was rolled back, so the PostgreSQL database is still empty: study_plans (checksums differ)',
    );
    const changedDb = await openPostgres(changed.url);
    expect(
      [...(await tableCounts(changedDb.db.withoutPlugins(), 'postgres')).values()].every(
        (n) => n === 0,
      ),
    ).toBe(true);
  });

  it('streams in batches of a few rows and a few bytes, with the same result', async () => {
    const school = await sqliteSchool();
    cleanups.push(async () => {
      await school.db.close();
      rmSync(school.dir, { recursive: true, force: true });
    });
    const ana = await createFactories(school.db).user();
    await fillEveryTable(school.db, ana.id);
    const target = await scratch();
    const lines: string[] = [];
    const report = await copySqliteToPostgres({
      sqliteFile: school.file,
      url: target.url,
      batchRows: 2,
      batchBytes: 1_024,
      progress: (line) => lines.push(line),
    });
    const counts = await tableCounts(school.db.db.withoutPlugins(), 'sqlite');
    expect(report.tables.map((t) => [t.table, t.targetRows]).sort()).toEqual([...counts].sort());
    expect(report.tables.every((t) => t.sourceChecksum === t.targetChecksum)).toBe(true);
    expect(lines).toContain(`copied users: ${counts.get('users')} rows`);
  });
});
