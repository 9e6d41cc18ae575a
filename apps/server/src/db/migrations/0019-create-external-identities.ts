import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * external_identities: the school accounts (OpenID Connect) a student signs in with. One
 * provider account (issuer and subject, the ID token's `iss` and `sub`) belongs to at most one
 * student; the e-mail is never the key, since a provider may let its users change it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('external_identities')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('external_identities_issuer_subject_key', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('external_identities_user_idx')
    .on('external_identities')
    .columns(['user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('external_identities').execute();
}
