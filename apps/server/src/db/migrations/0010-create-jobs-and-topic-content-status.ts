import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Background jobs (docs/architecture.md, Background jobs): model work a request must not wait
 * for. `kind` names the handler and `payload` is its JSON input; `status` is pending | running |
 * done | failed. A claim sets `lease_owner` (the instance) and `lease_expires_at`, renewed while
 * the job runs: a job whose lease ran out (its instance died) is claimed again. `run_after` is
 * when a pending job may run (later after a failure, by the provider's retry-after or a backoff).
 * `attempts` counts claims; `last_error` keeps the last failure. Done and failed rows keep no
 * payload and are swept after a week.
 *
 * topics.content_status: writing | written | not-written (the deep dive and first lesson);
 * topics.content_note: the notice (JSON) saying why the model did not write them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The claim query: pending jobs due, and running jobs whose lease ran out.
  await db.schema
    .createIndex('jobs_claim_idx')
    .on('jobs')
    .columns(['status', 'run_after'])
    .execute();
  await db.schema.createIndex('jobs_user_idx').on('jobs').columns(['user_id']).execute();
  await db.schema
    .alterTable('topics')
    .addColumn('content_status', 'text', (c) => c.notNull().defaultTo('written'))
    .execute();
  await db.schema.alterTable('topics').addColumn('content_note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topics').dropColumn('content_note').execute();
  await db.schema.alterTable('topics').dropColumn('content_status').execute();
  await db.schema.dropTable('jobs').execute();
}
