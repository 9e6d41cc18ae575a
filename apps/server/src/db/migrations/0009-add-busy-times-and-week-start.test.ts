import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { dbKinds } from '../../testing/test-db.js';
import { connectDatabase, type Db } from '../connect.js';
import { migrations } from './index.js';

const BEFORE = '0008-add-workload-and-check-ins';
const THIS = '0009-add-busy-times-and-week-start';

/** A database migrated up to `BEFORE` only: SQLite in memory, or a private PostgreSQL schema. */
async function databaseBefore(kind: 'sqlite' | 'postgres') {
  let db: Db;
  let schema: string | undefined;
  let drop = async () => {};
  if (kind === 'sqlite') {
    db = await connectDatabase({ kind: 'sqlite', file: ':memory:' });
  } else {
    const url = process.env.TEST_DATABASE_URL as string;
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = await connectDatabase({ kind: 'postgres', url }, { pgSchema: schema });
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  const migrator = new Migrator({
    db: db.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const migrate = async (to: string) => {
    const { error } = await migrator.migrateTo(to);
    if (error) throw error;
  };
  await migrate(BEFORE);
  return {
    db: db.db,
    migrate,
    close: async () => {
      await db.close();
      await drop();
    },
  };
}

describe.each(dbKinds)(`migration ${THIS} on %s`, (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('starts every existing week on Sunday, adds busy time that goes with its student, and undoes both', async () => {
    const t = await databaseBefore(kind);
    close = t.close;
    const now = '2026-11-01T10:00:00.000Z';
    const user = await t.db
      .insertInto('users')
      .values({
        username: 'ana',
        usernameNormalized: 'ana',
        email: 'ana@example.com',
        emailNormalized: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Lee',
        passwordHash: 'x',
        role: 'user',
        notifyOnLesson: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await t.migrate(THIS);

    const row = await t.db
      .selectFrom('users')
      .select('weekStartsOn')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.weekStartsOn).toBe('sunday');
    const busy = {
      userId: user.id,
      kind: 'lecture',
      title: 'Lecture',
      date: '2026-11-23',
      startTime: '10:00',
      endTime: '12:00',
      repeat: 'weekly',
      until: null,
      timeZone: 'Europe/Athens',
      createdAt: now,
      updatedAt: now,
    };
    await t.db.insertInto('busyTimes').values(busy).execute();
    const { id: _id, ...stored } = await t.db
      .selectFrom('busyTimes')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(busy);
    // Busy time of someone else's id cannot be written, and a deleted student's goes with them.
    await expect(
      t.db
        .insertInto('busyTimes')
        .values({ ...busy, userId: user.id + 1 })
        .execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.db.selectFrom('busyTimes').selectAll().execute()).toEqual([]);

    await t.migrate(BEFORE);
    await expect(t.db.selectFrom('busyTimes').selectAll().execute()).rejects.toThrow();
    await t.db
      .insertInto('users')
      .values({
        username: 'bo',
        usernameNormalized: 'bo',
        email: 'bo@example.com',
        emailNormalized: 'bo@example.com',
        firstName: 'Bo',
        lastName: 'Lee',
        passwordHash: 'x',
        role: 'user',
        notifyOnLesson: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const after = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(after)).not.toContain('weekStartsOn');
  });
});
