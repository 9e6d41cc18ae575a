import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * plan_versions: one row per student, whose `version` changes whenever anything the plan list
 * shows changes (a plan, subject or topic, a lesson's title or topic). The plan list's cached
 * answer is kept under the version it was made at (features/plans/plan-list-cache.ts), so one
 * small read tells whether it is still right, on every instance.
 *
 * Triggers keep it, so no write path can forget it (the scheduler, the living plan, jobs,
 * cascades). The version is random, never a counter: a cached answer can only match the
 * version it was read under. The row belongs to the user (created with the user, removed with
 * it), so a new account that gets an old id (SQLite may reuse one) starts with a new version.
 *
 * On PostgreSQL the triggers are deferred constraint triggers: the row is written at commit,
 * after the transaction's other row locks, so two transactions of one student cannot deadlock
 * on it. Each row trigger skips when its transaction already set the version.
 */
const TABLES = ['study_plans', 'subjects', 'topics', 'lessons'] as const;

/** Lesson columns the plan list shows: a rewrite of a lesson's text changes nothing there. */
const LESSON_COLUMNS = 'title, topic_id';

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('plan_versions')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('version', 'text', (c) => c.notNull())
    // PostgreSQL: the transaction that last set the version (see above).
    .$call((t) => (dialect === 'postgres' ? t.addColumn('set_by', sql`xid8`) : t))
    .execute();
  if (dialect === 'sqlite') await upSqlite(db);
  else await upPostgres(db);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const random = 'lower(hex(randomblob(12)))';
  const fresh = sql.raw(random);
  await sql`insert into plan_versions (user_id, version) select id, ${fresh} from users`.execute(
    db,
  );
  await sql`create trigger users_plan_version after insert on users begin
    insert into plan_versions (user_id, version) values (new.id, ${fresh}); end`.execute(db);
  const bump = (row: 'new' | 'old') =>
    sql.raw(`update plan_versions set version = ${random} where user_id = ${row}.user_id;`);
  for (const table of TABLES) {
    const name = (op: string) => sql.raw(`${table}_plan_version_${op}`);
    const t = sql.raw(table);
    const updateOf = table === 'lessons' ? sql.raw(` of ${LESSON_COLUMNS}`) : sql.raw('');
    await sql`create trigger ${name('ins')} after insert on ${t} begin ${bump('new')} end`.execute(
      db,
    );
    await sql`create trigger ${name('upd')} after update${updateOf} on ${t} begin ${bump('new')} end`.execute(
      db,
    );
    await sql`create trigger ${name('del')} after delete on ${t} begin ${bump('old')} end`.execute(
      db,
    );
  }
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  const fresh = sql.raw('md5(random()::text || clock_timestamp()::text)');
  await sql`insert into plan_versions (user_id, version) select id, ${fresh} from users`.execute(
    db,
  );
  await sql`create function users_plan_version() returns trigger language plpgsql as $$
    begin
      insert into plan_versions (user_id, version) values (new.id, ${fresh});
      return null;
    end $$`.execute(db);
  await sql`create trigger users_plan_version after insert on users
    for each row execute function users_plan_version()`.execute(db);
  await sql`create function bump_plan_version() returns trigger language plpgsql as $$
    begin
      update plan_versions set version = ${fresh}, set_by = pg_current_xact_id()
        where user_id = (case when tg_op = 'DELETE' then old.user_id else new.user_id end)
          and set_by is distinct from pg_current_xact_id();
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    const ops =
      table === 'lessons'
        ? `insert or update of ${LESSON_COLUMNS} or delete`
        : 'insert or update or delete';
    await sql`create constraint trigger ${sql.raw(`${table}_plan_version`)}
      after ${sql.raw(ops)} on ${sql.raw(table)} deferrable initially deferred
      for each row execute function bump_plan_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  for (const table of TABLES) {
    if (dialect === 'sqlite') {
      for (const op of ['ins', 'upd', 'del'])
        await sql`drop trigger ${sql.raw(`${table}_plan_version_${op}`)}`.execute(db);
    } else {
      await sql`drop trigger ${sql.raw(`${table}_plan_version`)} on ${sql.raw(table)}`.execute(db);
    }
  }
  if (dialect === 'sqlite') {
    await sql`drop trigger users_plan_version`.execute(db);
  } else {
    await sql`drop trigger users_plan_version on users`.execute(db);
    await sql`drop function users_plan_version()`.execute(db);
    await sql`drop function bump_plan_version()`.execute(db);
  }
  await db.schema.dropTable('plan_versions').execute();
}
