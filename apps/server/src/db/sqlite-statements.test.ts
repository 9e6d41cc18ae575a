import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './sqlite-statements.js';

describe('the SQLite statement cache', () => {
  it('prepares each SQL text once and answers rows as objects, as better-sqlite3 does', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (a integer, b text)');
    const insert = db.prepare('insert into t (a, b) values (?, ?)');
    expect(db.prepare('insert into t (a, b) values (?, ?)')).toBe(insert);
    insert.run([1, 'one']);
    insert.run([2, null]);
    const select = db.prepare('select a, b, a * 10 as "tenTimes", b from t order by a');
    const expected = [
      { a: 1, b: 'one', tenTimes: 10 },
      { a: 2, b: null, tenTimes: 20 },
    ];
    expect(select.all([])).toEqual(expected);
    expect([...select.iterate([])]).toEqual(expected);
    // Exactly what better-sqlite3's own objects hold (a repeated name keeps its last value).
    expect(select.all([])).toEqual(
      sqlite.prepare('select a, b, a * 10 as "tenTimes", b from t order by a').all(),
    );
    expect(db.prepare('select a from t where a > ?').all([5])).toEqual([]);
    expect(db.prepare('insert into t (a) values (3) returning a, b').all([])).toEqual([
      { a: 3, b: null },
    ]);
    expect(prepare).toHaveBeenCalledTimes(5);
    db.close();
  });

  it("follows schema changes, its own and another connection's", () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (a integer)').run([]);
    db.prepare('insert into t (a) values (1)').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    // Added elsewhere: the kept statement sees it (SQLite recompiles it, the names follow).
    sqlite.exec('alter table t add column b text');
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    // A migration through the cache renames a column: every statement is prepared again.
    db.prepare('alter table t rename column a to c').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ c: 1, b: null }]);
    db.close();
  });

  it('keeps 500 statements, dropping one not used lately', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    db.prepare('select 1 as hot');
    for (let i = 0; i < 1000; i++) {
      db.prepare(`select ${i} as cold`);
      db.prepare('select 1 as hot');
    }
    // The statement every other query uses stays; the cold ones made room for each other.
    expect(prepare).toHaveBeenCalledTimes(1001);
    expect(prepare.mock.calls.filter(([text]) => text === 'select 1 as hot')).toHaveLength(1);
    db.prepare('select 999 as cold');
    db.prepare('select 0 as cold');
    expect(prepare).toHaveBeenCalledTimes(1002);
    db.close();
  });

  it('serves Kysely with its camel-case plugin', async () => {
    const sqlite = new SQLite(':memory:');
    const db = new Kysely<{ t: { someValue: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new CamelCasePlugin()],
    });
    await sql`create table t (some_value integer)`.execute(db);
    await db
      .insertInto('t')
      .values([{ someValue: 1 }, { someValue: 2 }])
      .execute();
    expect(await db.selectFrom('t').selectAll().orderBy('someValue').execute()).toEqual([
      { someValue: 1 },
      { someValue: 2 },
    ]);
    const streamed = [];
    for await (const row of db.selectFrom('t').select('someValue').stream()) streamed.push(row);
    expect(streamed).toEqual([{ someValue: 1 }, { someValue: 2 }]);
    await db.destroy();
  });
});
