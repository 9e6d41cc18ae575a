import type { Kysely } from 'kysely';
import { dialectOf, idColumnType } from '../dialect.js';

/**
 * Card imports (docs/product.md, Card imports; docs/anki.md).
 *
 * flashcards.suspended: 1 for a card the student suspended in Anki; it is never due until
 * unsuspended. flashcards.source_key: where an imported card came from ("anki:<note guid>:<card
 * number>"), unique per student, so importing the same package twice adds nothing twice.
 * flashcards.tags: the card's tags (a JSON array), kept for the way back out. flashcards.images:
 * the images an imported card shows (a JSON array of { src: data URL, alt }), within the caps.
 *
 * card_imports: a package read for its preview, kept until the student confirms the import
 * (or for an hour): the file itself (base64), read again on confirmation, so a preview holds no
 * server's memory and any instance can finish it. One per student: a new preview replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .alterTable('flashcards')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('flashcards').addColumn('source_key', 'text').execute();
  await db.schema.alterTable('flashcards').addColumn('tags', 'text').execute();
  await db.schema.alterTable('flashcards').addColumn('images', 'text').execute();
  await db.schema
    .createIndex('flashcards_source_key_idx')
    .unique()
    .on('flashcards')
    .columns(['user_id', 'source_key'])
    .execute();
  await db.schema
    .createTable('card_imports')
    .addColumn('id', idColumnType(dialect), (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_imports').execute();
  await db.schema.dropIndex('flashcards_source_key_idx').execute();
  for (const column of ['images', 'tags', 'source_key', 'suspended'])
    await db.schema.alterTable('flashcards').dropColumn(column).execute();
}
